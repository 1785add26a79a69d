import { Suspense } from 'react'
import { Await } from 'react-router'
import { useT } from '~/i18n/use-t'
import { ServerHtml } from '../layout/server-html'

/**
 * The top buyers, streamed after the page (the home loader defers them). The list is drawn on the
 * server (`LeaderboardList` in leaderboard-list.tsx, rendered to HTML in the loader): the browser only puts it in place.
 */
export function Leaderboard({ html }: { html: Promise<string> }) {
	const t = useT()
	return (
		<section className="section" aria-labelledby="leaderboard-title">
			<div className="container">
				<h2 id="leaderboard-title">{t('catalogue.leaderboard.title')}</h2>
				<Suspense fallback={<p className="muted" role="status">{t('catalogue.leaderboard.loading')}</p>}>
					<Await resolve={html} errorElement={<LeaderboardError />}>
						{(list) => <ServerHtml html={list} />}
					</Await>
				</Suspense>
			</div>
		</section>
	)
}

function LeaderboardError() {
	const t = useT()
	return <p className="error-box">{t('catalogue.leaderboard.failed')}</p>
}
