import { Suspense } from 'react'
import { Await } from 'react-router'
import type { LeaderboardRow } from '~/domain/leaderboard/top-buyers.server'
import { formatRs } from '~/utils/money'

export function Leaderboard({ rows }: { rows: Promise<LeaderboardRow[]> }) {
	return (
		<section className="section" aria-labelledby="leaderboard-title">
			<div className="container">
				<h2 id="leaderboard-title">Top Buyers</h2>
				<Suspense fallback={<p className="muted" role="status">Loading leaderboard...</p>}>
					<Await
						resolve={rows}
						errorElement={<LeaderboardError />}
					>
						{(list) =>
							list.length === 0 ? (
								<p className="empty-state">Be the First!</p>
							) : (
								<ol className="leaderboard">
									{list.map((row) => (
										<li key={row.id}>
											<span className="rank">#{row.rank}</span>
											<span className="leader-name">{row.name}</span>
											<span className="muted small">{row.orders_count} order{row.orders_count === 1 ? '' : 's'}</span>
											<span className="leader-spent">{formatRs(row.total_spent)}</span>
										</li>
									))}
								</ol>
							)
						}
					</Await>
				</Suspense>
			</div>
		</section>
	)
}

function LeaderboardError() {
	return <p className="error-box">Failed to load leaderboard: Failed to fetch leaderboard</p>
}
