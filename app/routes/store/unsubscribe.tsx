import { data, Form, Link, useNavigation } from 'react-router'
import { db } from '~/db/client.server'
import { confirmUnsubscribe, unsubscribePage } from '~/domain/orders/renewal-unsubscribe-request.server'
import { readForm } from '~/http/http.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/unsubscribe'

// One-click unsubscribe from renewal reminders: the email's link opens this page (GET shows what
// will stop and a button), and mail apps POST `List-Unsubscribe=One-Click` to the same address.

export function loader({ request }: Route.LoaderArgs) {
	const page = unsubscribePage(new URL(request.url).searchParams.get('t'))
	return data(page, { status: page.ok ? 200 : 400, headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: Route.ActionArgs) {
	let token = new URL(request.url).searchParams.get('t')
	if (!token) {
		// The page's own form sends it in the body; a mail app's one-click POST carries it in the address.
		const form = await readForm(request, { limit: 4 * 1024 }).catch(() => ({}) as Record<string, string>)
		token = form.t ?? null
	}
	const page = await confirmUnsubscribe(db(), token)
	return data(page, { status: page.ok ? 200 : 400, headers: { 'Cache-Control': 'no-store' } })
}

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Unsubscribe', description: 'Stop renewal reminder emails.', extra: [{ name: 'robots', content: 'noindex' }] })

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	const page = actionData ?? loaderData
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="container page narrow unsubscribe-page">
			<h1>{page.ok && page.done ? 'You are unsubscribed' : 'Unsubscribe'}</h1>
			{!page.ok ? (
				<p className="error-box" role="alert">
					{page.message}
				</p>
			) : page.done ? (
				<div className="order-card" role="status">
					<p>
						We will no longer send <strong className="break-anywhere">{page.email}</strong> {page.what}.
					</p>
					<p className="muted small">Emails about your orders (payment and delivery) still come, so you always get what you bought.</p>
				</div>
			) : (
				<div className="order-card">
					<p>
						Stop sending <strong className="break-anywhere">{page.email}</strong> {page.what}?
					</p>
					<p className="muted small">Emails about your orders (payment and delivery) still come.</p>
					<Form method="post" action={`/unsubscribe?t=${encodeURIComponent(page.token)}`}>
						<input type="hidden" name="t" value={page.token} />
						<button type="submit" className="button primary" disabled={busy}>
							{busy ? 'Unsubscribing…' : 'Unsubscribe'}
						</button>
					</Form>
				</div>
			)}
			<p className="unsubscribe-back">
				<Link to="/products">Back to the shop</Link>
			</p>
		</div>
	)
}
