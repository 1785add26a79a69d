import { OFFLINE_MESSAGES } from '~/content/offline'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/offline'

// What the shop's service worker shows for a page it cannot reach and has no saved copy of (ADR-034).
// The worker keeps this page when it installs and answers with it, without its scripts, at the address
// the buyer asked for: "Try again" reloads that address.

const text = OFFLINE_MESSAGES.en

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-cache' })

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: text.title, description: text.description, extra: [{ name: 'robots', content: 'noindex' }] })

export default function Offline() {
	return (
		<div className="container page narrow center offline-page">
			<h1>{text.title}</h1>
			<p>{text.body}</p>
			<p className="muted">{text.saved}</p>
			<p className="offline-actions">
				<a className="button primary" href="">
					{text.tryAgain}
				</a>
				<a className="button ghost" href="/my-orders">
					{text.myOrders}
				</a>
			</p>
		</div>
	)
}
