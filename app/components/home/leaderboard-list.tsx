import { Link } from 'react-router'
import type { LeaderboardRow } from '~/domain/leaderboard/top-buyers.server'
import type { Translate } from '~/i18n/catalogue'
import { localePath, type Lang } from '~/i18n/lang'
import { Rs } from '../ui/price'
import { EmptyState } from '../ui/empty-state'

/** Server only: the rows, or the invitation to be the first, in the page's language. */
export function LeaderboardList({ list, lang, t }: { list: LeaderboardRow[]; lang: Lang; t: Translate }) {
	return list.length === 0 ? (
		<EmptyState
			icon="trophy"
			title={t('catalogue.leaderboard.emptyTitle')}
			action={
				<Link to={localePath(lang, '/products')} className="button primary">
					{t('catalogue.leaderboard.browse')}
				</Link>
			}
		>
			{t('catalogue.leaderboard.emptyText')}
		</EmptyState>
	) : (
		<ol className="leaderboard">
			{list.map((row) => (
				<li key={row.id}>
					<span className="rank">#{row.rank}</span>
					<span className="leader-name">{row.name}</span>
					<span className="muted small">{t(row.orders_count === 1 ? 'catalogue.leaderboard.ordersOne' : 'catalogue.leaderboard.ordersMany', { count: row.orders_count })}</span>
					<span className="leader-spent"><Rs amount={row.total_spent} /></span>
				</li>
			))}
		</ol>
	)
}
