import { Link } from 'react-router'
import type { LeaderboardRow } from '~/domain/leaderboard/top-buyers.server'
import { Rs } from '../ui/price'
import { EmptyState } from '../ui/empty-state'

/** Server only: the rows, or the invitation to be the first. */
export function LeaderboardList({ list }: { list: LeaderboardRow[] }) {
	return list.length === 0 ? (
		<EmptyState
			icon="trophy"
			title="Be the First!"
			action={
				<Link to="/products" className="button primary">
					Browse Products
				</Link>
			}
		>
			This board counts orders paid on this website, with each buyer shown by first name and initial. Place the first one and the top spot is yours.
		</EmptyState>
	) : (
		<ol className="leaderboard">
			{list.map((row) => (
				<li key={row.id}>
					<span className="rank">#{row.rank}</span>
					<span className="leader-name">{row.name}</span>
					<span className="muted small">{row.orders_count} order{row.orders_count === 1 ? '' : 's'}</span>
					<span className="leader-spent"><Rs amount={row.total_spent} /></span>
				</li>
			))}
		</ol>
	)
}
