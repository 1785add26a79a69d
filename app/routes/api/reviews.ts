import { db } from '~/db/client.server'
import { addReview } from '~/domain/reviews/add-review.server'
import { listProductReviews } from '~/domain/reviews/list-reviews.server'
import { env } from '~/utils/env.server'
import { parseId, PRODUCT_ID_MESSAGE } from '~/utils/input'
import { currentBuyer } from '~/http/buyer-session.server'
import { errorResponse, readJsonOrForm } from '~/http/http.server'
import { langOfBody } from '~/http/body-lang'
import type { Route } from './+types/reviews'

export async function loader({ request }: Route.LoaderArgs) {
	const productId = parseId(new URL(request.url).searchParams.get('productId'))
	if (productId === null) return Response.json({ error: PRODUCT_ID_MESSAGE }, { status: 400 })
	return Response.json({ reviews: await listProductReviews(db(), productId) })
}

export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'This address only answers GET or POST requests.' }, { status: 405, headers: { Allow: 'GET, POST' } })
	let input: unknown
	try {
		input = await readJsonOrForm(request, { limit: 8 * 1024 })
		// "Verified purchase" comes from the buyer session only (ADR-018), never from a typed email.
		const review = await addReview(db(), input, { clientIp: context.clientIp, limitPerHour: env().REVIEW_RATE_LIMIT, buyer: await currentBuyer(request) })
		return Response.json({ ok: true, review }, { status: 201 })
	} catch (error) {
		// The refusal in the language of the page the review was written on (its `lang` field).
		const lang = langOfBody(input)
		return errorResponse(error, 'catalogue.reviews.submitFailed', {}, lang)
	}
}
