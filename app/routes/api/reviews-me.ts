import { db } from '~/db/client.server'
import { reviewerStanding } from '~/domain/reviews/verified-purchase.server'
import { currentBuyer } from '~/http/buyer-session.server'
import { apiFailure, notFound, onlyMethods } from '~/http/http.server'
import { parseId, PRODUCT_ID_MESSAGE } from '~/utils/input'
import type { Route } from './+types/reviews-me'

const privateHeaders = { 'Cache-Control': 'private, no-store' }

/** Whether the review form's writer is a signed-in buyer, and whether their review will show “Verified purchase” (ADR-018). */
export async function loader({ request }: Route.LoaderArgs) {
	const productId = parseId(new URL(request.url).searchParams.get('productId'))
	if (productId === null) return Response.json({ error: PRODUCT_ID_MESSAGE }, { status: 400, headers: privateHeaders })
	const standing = await reviewerStanding(db(), await currentBuyer(request), productId)
	if (!standing) return apiFailure(notFound('Product not found'), { headers: privateHeaders })
	return Response.json(standing, { headers: privateHeaders })
}

export const action = onlyMethods('GET')
