import { REVIEWS_CHANNEL } from '~/domain/reviews/add-review.server'
import { reviewBelongsTo, type Review } from '~/domain/reviews/review-scope'
import { subscribe } from '~/domain/realtime/hub.server'
import { eventStream } from '~/http/event-stream.server'
import { onlyMethods } from '~/http/http.server'
import { parseId, PRODUCT_ID_MESSAGE } from '~/utils/input'
import type { Route } from './+types/reviews-stream'

export async function loader({ request, context }: Route.LoaderArgs) {
	const productId = parseId(new URL(request.url).searchParams.get('productId'))
	if (productId === null) return Response.json({ error: PRODUCT_ID_MESSAGE }, { status: 400 })
	return eventStream(request, context.clientIp, (send) =>
		subscribe(REVIEWS_CHANNEL, (payload) => {
			const review = JSON.parse(payload) as Review
			if (reviewBelongsTo(review, productId)) send('review', payload)
		}),
	)
}

export const action = onlyMethods('GET')
