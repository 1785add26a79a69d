import { useLocalePath, useT } from '~/i18n/use-t'
import { metaTranslate } from '~/i18n/meta-translate'
import { langOf } from '~/i18n/lang'
import { translator } from '~/i18n/messages.server'
import { data, Form, Link, useNavigation } from 'react-router'
import { db } from '~/db/client.server'
import { confirmUnsubscribe, unsubscribePage } from '~/domain/orders/renewal-unsubscribe-request.server'
import { readForm } from '~/http/http.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/unsubscribe'

// One-click unsubscribe from renewal or payment reminders: the email's link opens this page (GET shows what
// will stop and a button), and mail apps POST `List-Unsubscribe=One-Click` to the same address.

/** The page's words in its language: the reason a link is refused, and what stops. */
function inPageLanguage<P extends { ok: boolean }>(request: Request, page: P): P {
	const t = translator(langOf(new URL(request.url).pathname))
	const shown = page as unknown as { ok: boolean; kind?: string; what?: string; message?: string }
	const what = shown.kind === 'payment-reminders' ? t('order.unsubscribe.whatPayment') : t('order.unsubscribe.what')
	return (shown.ok ? { ...page, what } : { ...page, message: t('order.unsubscribe.badLink') }) as P
}

export function loader({ request }: Route.LoaderArgs) {
	const page = inPageLanguage(request, unsubscribePage(new URL(request.url).searchParams.get('t')))
	return data(page, { status: page.ok ? 200 : 400, headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: Route.ActionArgs) {
	let token = new URL(request.url).searchParams.get('t')
	if (!token) {
		// The page's own form sends it in the body; a mail app's one-click POST carries it in the address.
		const form = await readForm(request, { limit: 4 * 1024 }).catch(() => ({}) as Record<string, string>)
		token = form.t ?? null
	}
	const page = inPageLanguage(request, await confirmUnsubscribe(db(), token))
	return data(page, { status: page.ok ? 200 : 400, headers: { 'Cache-Control': 'no-store' } })
}

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('order.unsubscribe.meta.title'), description: t('order.unsubscribe.meta.description'), extra: [{ name: 'robots', content: 'noindex' }] })
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	const page = actionData ?? loaderData
	const busy = useNavigation().state === 'submitting'
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow unsubscribe-page">
			<h1>{page.ok && page.done ? t('order.unsubscribe.doneTitle') : t('order.unsubscribe.title')}</h1>
			{!page.ok ? (
				<p className="error-box" role="alert">
					{page.message}
				</p>
			) : page.done ? (
				<div className="order-card" role="status">
					<p>
						<EmailIn text={t('order.unsubscribe.done', { what: page.what })} email={page.email} />
					</p>
					<p className="muted small">{t('order.unsubscribe.doneNote')}</p>
				</div>
			) : (
				<div className="order-card">
					<p>
						<EmailIn text={t('order.unsubscribe.ask', { what: page.what })} email={page.email} />
					</p>
					<p className="muted small">{t('order.unsubscribe.askNote')}</p>
					<Form method="post" action={lp(`/unsubscribe?t=${encodeURIComponent(page.token)}`)}>
						<input type="hidden" name="t" value={page.token} />
						<button type="submit" className="button primary" disabled={busy}>
							{busy ? t('order.unsubscribe.busy') : t('order.unsubscribe.button')}
						</button>
					</Form>
				</div>
			)}
			<p className="unsubscribe-back">
				<Link to={lp('/products')}>{t('order.unsubscribe.back')}</Link>
			</p>
		</div>
	)
}

/** A sentence with the address in its {email} place, the address in bold and left to right. */
function EmailIn({ text, email }: { text: string; email: string }) {
	const at = text.indexOf('{email}')
	return (
		<>
			{text.slice(0, at)}
			<strong className="break-anywhere">
				<bdi>{email}</bdi>
			</strong>
			{text.slice(at + '{email}'.length)}
		</>
	)
}
