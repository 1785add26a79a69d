import { db } from '~/db/client.server'
import { cartPricesRequest, repriceCart } from '~/domain/cart/reprice-cart.server'
import { errorResponse, onlyMethods, readJson } from '~/http/http.server'
import { AppError } from '~/utils/app-error'
import { langOfBody } from '~/http/body-lang'
import { checkoutSentence, refusalIn } from '~/http/checkout-sentence.server'
import type { Lang } from '~/i18n/lang'
import { inLanguage } from '~/i18n/messages.server'
import type { Route } from './+types/cart-prices'

// POST /api/cart/prices: a saved cart's lines priced as the server would charge them now.
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return onlyMethods('POST')()
	// Why a line can no longer be bought, in the language the body names (`lang`).
	let lang: Lang = 'en'
	try {
		const body = await readJson(request, { limit: 32 * 1024 })
		lang = langOfBody(body)
		const parsed = cartPricesRequest.safeParse(body)
		if (!parsed.success) {
			const issue = parsed.error.issues[0]!
			const where = issue.path.length > 2 ? `Line ${Number(issue.path[1]) + 1}: ` : ''
			throw new AppError('BAD_REQUEST', `${where}${issue.message}`)
		}
		const priced = await repriceCart(db(), parsed.data.lines)
		const lines = priced.lines.map((line) => (line.available ? line : { ...line, message: checkoutSentence(lang, line.message) }))
		const orderProblem = priced.orderProblem && checkoutSentence(lang, priced.orderProblem)
		return Response.json({ lines, orderProblem }, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		return errorResponse(refusalIn(lang, error), inLanguage(lang, 'Could not check the cart’s prices. Please try again.'))
	}
}

export const loader = onlyMethods('POST')
