import { db } from '~/db/client.server'
import { REVIEWS_CHANNEL } from '~/domain/reviews/add-review.server'
import { reviewScopeFor } from '~/domain/reviews/list-reviews.server'
import { parseReviewEvent, reviewBelongsTo } from '~/domain/reviews/review-scope'
import { subscribe } from '~/domain/realtime/hub.server'
import { eventStream } from '~/http/event-stream.server'
import { onlyMethods } from '~/http/http.server'
import { parseId, PRODUCT_ID_MESSAGE } from '~/utils/input'
import type { Route } from './+types/reviews-stream'

/** A product page's live reviews: new ones ('review'), and ones staff hid ('review-hidden'), of the page's product or its review group. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const productId = parseId(new URL(request.url).searchParams.get('productId'))
	if (productId === null) return Response.json({ error: PRODUCT_ID_MESSAGE }, { status: 400 })
	return eventStream(request, context.liveResponse, context.clientIp, async (send) => {
		const scope = await reviewScopeFor(db(), productId)
		return subscribe(REVIEWS_CHANNEL, (payload) => {
			const event = parseReviewEvent(payload)
			if (event.type === 'review') {
				if (reviewBelongsTo(event.review, scope)) send('review', payload)
			} else if (reviewBelongsTo(event, scope)) {
				send('review-hidden', JSON.stringify({ id: event.id }))
			}
		})
	})
}

export const action = onlyMethods('GET')
