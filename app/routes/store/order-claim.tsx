import { data, redirect } from 'react-router'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { orderPagePath } from '~/domain/buyers/next-path'
import { CLAIM_POST_PATH, CLAIM_RESULTS, CLAIM_TEXT_MAX, readClaimResult } from '~/domain/claims/claim-rules'
import { claimPageUnit } from '~/domain/claims/claims.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { readCookie } from '~/http/cookies'
import { canSeeEverything, orderPageNotFound, PRIVATE_PAGE_HEADERS } from '~/http/order-access.server'
import { claimTypedFor, typedBack } from '~/http/typed-back.server'
import { LANG_COOKIE, langOf, localePath } from '~/i18n/lang'
import { refusalWords, translator } from '~/i18n/messages.server'
import { metaTranslate } from '~/i18n/meta-translate'
import { useLang, useLocalePath, useT } from '~/i18n/use-t'
import { parseId } from '~/utils/input'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/order-claim'
import { OrderNotFound } from '~/components/order/order-not-found'

// "This code doesn't work" (ADR-052): the claim page of one delivered unit, a plain form (it works
// without scripts) with a sentence and a screenshot, posted to /api/order/claims. Only whoever may
// see the order in full gets it; anyone else gets the same 404 as a number that names no order.

export async function loader({ request, params }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const lang = langOf(url.pathname)
	const t = translator(lang)
	const notFound = () => orderPageNotFound(t)
	const unitId = parseId(url.searchParams.get('unit'))
	if (!isOrderNumberShaped(params.orderNumber) || unitId === null) return notFound()
	const order = await findOrder(db(), { internalOrderId: params.orderNumber })
	if (!order || !(await canSeeEverything(order, request))) return notFound()
	// The page follows the order's language (ADR-032), unless the buyer chose English with the switch.
	if (order.lang === 'ur' && lang === 'en' && readCookie(request.headers.get('cookie'), LANG_COOKIE) !== 'en') {
		throw redirect(localePath('ur', url.pathname) + url.search, { headers: { 'Cache-Control': 'no-store', Vary: 'Cookie' } })
	}
	const { unit, refusal } = await claimPageUnit(db(), order, unitId)
	if (!unit) return notFound()
	const result = readClaimResult(url.searchParams.get('result'))
	return data(
		{
			found: true as const,
			orderNumber: order.orderNumber,
			unit: { unitId: unit.unitId, kind: unit.kind, masked: unit.masked, product: unit.product },
			// Why it cannot be claimed now, in the page's language (a claim made already is said by its state on the order page).
			refusal: refusal ? refusalWords(lang, refusal).message : null,
			result: result && !refusal ? t(CLAIM_RESULTS[result], { max: CLAIM_TEXT_MAX, date: '' }) : null,
			// Sent back refused without scripts: the text as the buyer typed it, to fix rather than type again.
			typedText: result && !refusal ? (typedBack(request, 'claim', claimTypedFor(order.orderNumber, unit.unitId))?.text ?? '') : '',
		},
		{ headers: PRIVATE_PAGE_HEADERS, status: refusal ? 409 : 200 },
	)
}

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('claims.meta.title'), description: t('claims.meta.title'), extra: [{ name: 'robots', content: 'noindex' }] })
}

export default function OrderClaim({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const lp = useLocalePath()
	const lang = useLang()
	if (!loaderData.found) {
		return <OrderNotFound message={loaderData.message} />
	}
	const { orderNumber, unit, refusal, result, typedText } = loaderData
	const unitName = t(unit.kind === 'account' ? 'claims.unit.account' : 'claims.unit.code', { masked: '{{masked}}' })
	// The order number and the unit's last characters are kept whole on one line, in either direction.
	const kept = (text: string, i: number) => (
		<bdi key={i} dir="ltr" className="nowrap">
			{text}
		</bdi>
	)
	const intro = t('claims.intro', { unit: `{{unit}}`, order: '{{order}}' })
		.split(/(\{\{unit\}\}|\{\{order\}\})/)
		.map((part, i) =>
			part === '{{order}}' ? kept(orderNumber, i) : part === '{{unit}}' ? <span key={i}>{unitName.split(/(\{\{masked\}\})/).map((p, j) => (p === '{{masked}}' ? kept(unit.masked, j) : p))}</span> : part,
		)
	return (
		<div className="container page narrow claim-page">
			<h1>{t('claims.title')}</h1>
			<p>{intro}</p>
			<p className="muted claim-unit">
				<bdi>{unit.product}</bdi> · {kept(unit.masked, 0)}
			</p>
			{refusal ? (
				<p className="warning-box" role="alert">
					{refusal}
				</p>
			) : (
				<form method="post" action={CLAIM_POST_PATH} encType="multipart/form-data" className="claim-form stack" data-testid="claim-form">
					{/* The fields before the file: the server reads them first, before a byte of the screenshot is stored. */}
					<input type="hidden" name="lang" value={lang} />
					<input type="hidden" name="orderNumber" value={orderNumber} />
					<input type="hidden" name="unitId" value={unit.unitId} />
					<label className="field">
						<span className="field-label">{t('claims.text.label')}</span>
						<textarea name="text" required maxLength={CLAIM_TEXT_MAX} rows={4} dir="auto" defaultValue={typedText} />
						<span className="field-hint muted">{t('claims.text.hint')}</span>
					</label>
					<label className="field">
						<span className="field-label">{t('claims.screenshot.label')}</span>
						<input type="file" name="screenshot" accept="image/png,image/jpeg,image/webp,image/heic,image/heif" required />
						<span className="field-hint muted">{t('claims.screenshot.hint')}</span>
					</label>
					<ErrorAlert message={result} />
					<button type="submit" className="button primary block">
						{t('claims.send')}
					</button>
				</form>
			)}
			<p>
				<a href={lp(orderPagePath(orderNumber))}>{t('claims.back')}</a>
			</p>
		</div>
	)
}
