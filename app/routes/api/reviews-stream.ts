import { REVIEWS_CHANNEL } from '~/domain/reviews/add-review.server'
import { reviewBelongsTo, type Review } from '~/domain/reviews/review-scope'
import { subscribe } from '~/domain/realtime/hub.server'
import { eventStream } from '~/http/event-stream.server'
import type { Route } from './+types/reviews-stream'

export async function loader({ request, context }: Route.LoaderArgs) {
	const productId = Number(new URL(request.url).searchParams.get('productId'))
	if (!Number.isSafeInteger(productId) || productId <= 0) {
		return Response.json({ error: 'productId must be a product id' }, { status: 400 })
	}
	return eventStream(request, context.clientIp, (send) =>
		subscribe(REVIEWS_CHANNEL, (payload) => {
			const review = JSON.parse(payload) as Review
			if (reviewBelongsTo(review, productId)) send('review', payload)
		}),
	)
}
