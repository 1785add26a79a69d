import { Suspense } from 'react'
import { Await } from 'react-router'
import { ServerHtml } from '../layout/server-html'

/**
 * The top buyers, streamed after the page (the home loader defers them). The list is drawn on the
 * server (`LeaderboardList` in leaderboard-list.tsx, rendered to HTML in the loader): the browser only puts it in place.
 */
export function Leaderboard({ html }: { html: Promise<string> }) {
	return (
		<section className="section" aria-labelledby="leaderboard-title">
			<div className="container">
				<h2 id="leaderboard-title">Top Buyers</h2>
				<Suspense fallback={<p className="muted" role="status">Loading leaderboard...</p>}>
					<Await resolve={html} errorElement={<LeaderboardError />}>
						{(list) => <ServerHtml html={list} />}
					</Await>
				</Suspense>
			</div>
		</section>
	)
}

function LeaderboardError() {
	return <p className="error-box">Failed to load leaderboard: Failed to fetch leaderboard</p>
}
