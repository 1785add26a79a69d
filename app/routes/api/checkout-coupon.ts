import { z } from 'zod'
import { db } from '~/db/client.server'
import { COUPON_REFUSALS } from '~/domain/coupons/coupon'
import { quoteCoupon } from '~/domain/coupons/coupons.server'
import { checkoutLine } from '~/domain/orders/checkout-input'
import { errorResponse, onlyMethods, readJson } from '~/http/http.server'
import { AppError } from '~/utils/app-error'
import { langOfBody } from '~/http/body-lang'
import type { Lang } from '~/i18n/lang'
import type { Route } from './+types/checkout-coupon'

// POST /api/checkout/coupon: the checkout's "Apply" with scripts. The server prices the code on the
// lines as it sells them now (never the page): the discount and the new total, or the one sentence
// saying why the code does not apply. Nothing is held: the order's own transaction checks again. The same
// answer for any buyer (no email or phone is read), and at most COUPON_PREVIEW_LIMIT checks per address.
const quoteRequest = z.object({
	productDetails: z.array(checkoutLine).min(1, 'checkout.noItems').max(50, 'checkout.linesMax'),
	couponCode: z.string({ error: COUPON_REFUSALS.malformed }).trim().min(1, COUPON_REFUSALS.malformed).max(100, COUPON_REFUSALS.malformed),
	/** Taken and never read: a preview answers the same for any buyer (their limits are checked when the order is placed). */
	customerEmail: z.string().max(200).optional(),
	customerMobile: z.string().max(40).optional(),
	/** The page's language: the refusal's sentence comes back in it. */
	lang: z.unknown().optional(),
})

export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return onlyMethods('POST')()
	let lang: Lang = 'en'
	try {
		const body = await readJson(request, { limit: 32 * 1024 })
		lang = langOfBody(body)
		const parsed = quoteRequest.safeParse(body)
		if (!parsed.success) {
			const issue = parsed.error.issues[0]!
			throw new AppError('BAD_REQUEST', issue.message, issue.path[0] === 'couponCode' ? { couponCode: issue.message } : undefined)
		}
		const { productDetails, couponCode } = parsed.data
		const quote = await quoteCoupon(db(), context.clientIp, { productDetails, couponCode })
		return Response.json(quote, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		return errorResponse(error, 'checkout.coupon.checkFailed', {}, lang)
	}
}

export const loader = onlyMethods('POST')
