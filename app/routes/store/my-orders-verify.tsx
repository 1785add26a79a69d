import { useLocalePath, useT } from '~/i18n/use-t'
import { metaTranslate } from '~/i18n/meta-translate'
import { aroundLink } from '~/components/order/around-link'
import { langOf } from '~/i18n/lang'
import { sayIn } from '~/i18n/messages.server'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { SignInCodeForm } from '~/components/buyer/sign-in-code-form'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { redeemSignInCode, redeemSignInLink } from '~/domain/buyers/sign-in.server'
import { MY_ORDERS_PATH, safeNextPath } from '~/domain/buyers/next-path'
import { buyerSessionCookie } from '~/http/buyer-session.server'
import { readPageForm } from '~/http/http.server'
import { AppError } from '~/utils/app-error'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/my-orders-verify'

// The emailed sign-in link opens this page, which asks for one click (mail scanners open links
// too, and must not use it up); the 6-digit code is typed here or posted from the order page and
// My orders. Either starts the buyer's session and goes on to `next`, a path of this shop.

export function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const token = url.searchParams.get('token') ?? ''
	return data(
		{ token: /^[\w-]{20,100}$/.test(token) ? token : '', next: safeNextPath(url.searchParams.get('next')), email: url.searchParams.get('email')?.slice(0, 200) ?? '' },
		{ headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' } },
	)
}

export async function action({ request, context }: Route.ActionArgs) {
	const lang = langOf(new URL(request.url).pathname)
	const form = await readPageForm(request, { limit: 4 * 1024, lang })
	const next = safeNextPath(form.next)
	const meta = { ip: context.clientIp, userAgent: request.headers.get('user-agent') }
	try {
		const signedIn = form.token ? await redeemSignInLink(db(), form.token, meta) : await redeemSignInCode(db(), { email: form.email, code: form.code }, meta)
		throw redirect(next, { status: 303, headers: { 'Set-Cookie': buyerSessionCookie(request, signedIn.sessionId), 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		return data({ error: sayIn(lang, error.said), email: String(form.email ?? '').slice(0, 200), next, viaLink: Boolean(form.token) }, { status: error.status })
	}
}

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('order.verify.meta.title'), description: t('order.verify.meta.description'), extra: [{ name: 'robots', content: 'noindex' }] })
}

export default function MyOrdersVerify({ loaderData, actionData }: Route.ComponentProps) {
	const busy = useNavigation().state === 'submitting'
	const t = useT()
	const lp = useLocalePath()
	const [before, after] = aroundLink(t('order.verify.noEmail'))
	const next = actionData?.next ?? loaderData.next
	const token = actionData?.viaLink ? '' : loaderData.token
	return (
		<div className="container page narrow buyer-sign-in">
			<h1>{t('order.verify.title')}</h1>
			<ErrorAlert message={actionData?.error} />
			{token ? (
				<div className="order-card">
					<p>{t('order.verify.linkText')}</p>
					<Form method="post" replace>
						<input type="hidden" name="token" value={token} />
						<input type="hidden" name="next" value={next} />
						<button type="submit" className="button primary" disabled={busy}>
							{busy ? t('order.verify.signingIn') : t('order.verify.signIn')}
						</button>
					</Form>
				</div>
			) : (
				<div className="order-card">
					<SignInCodeForm email={actionData?.email || loaderData.email} next={next} />
				</div>
			)}
			<p className="muted small buyer-sign-in-again">
				{before}
				<Link to={lp(MY_ORDERS_PATH)}>{t('order.verify.askAgain')}</Link>
				{after}
			</p>
		</div>
	)
}
