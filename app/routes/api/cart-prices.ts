import { db } from '~/db/client.server'
import { cartPricesRequest, repriceCart } from '~/domain/cart/reprice-cart.server'
import { errorResponse, onlyMethods, readJson } from '~/http/http.server'
import { AppError } from '~/utils/app-error'
import { langOfBody } from '~/http/body-lang'
import type { Lang } from '~/i18n/lang'
import { sayIn } from '~/i18n/messages.server'
import { words } from '~/i18n/words'
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
			throw new AppError('BAD_REQUEST', issue.path.length > 2 ? words('errors.lineProblem', { line: Number(issue.path[1]) + 1, problem: sayIn(lang, issue.message) }) : issue.message)
		}
		const priced = await repriceCart(db(), parsed.data.lines)
		const lines = priced.lines.map((line) => (line.available ? line : { ...line, message: sayIn(lang, line.message) }))
		const orderProblem = priced.orderProblem && sayIn(lang, priced.orderProblem)
		return Response.json({ lines, orderProblem }, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		return errorResponse(error, 'checkout.pricesFailed', {}, lang)
	}
}

export const loader = onlyMethods('POST')
