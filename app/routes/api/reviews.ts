import { db } from '~/db/client.server'
import { addReview } from '~/domain/reviews/add-review.server'
import { listReviews } from '~/domain/reviews/list-reviews.server'
import { AppError } from '~/utils/app-error'
import { env } from '~/utils/env.server'
import { logger } from '~/utils/logger.server'
import type { Route } from './+types/reviews'

export async function loader({ request }: Route.LoaderArgs) {
	const productId = Number(new URL(request.url).searchParams.get('productId'))
	if (!Number.isSafeInteger(productId) || productId <= 0) {
		return Response.json({ error: 'productId must be a product id' }, { status: 400 })
	}
	return Response.json({ reviews: await listReviews(db(), productId) })
}

export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
	let input: unknown
	try {
		input = request.headers.get('content-type')?.includes('application/json')
			? await request.json()
			: Object.fromEntries(await request.formData())
	} catch {
		return Response.json({ error: 'Failed to submit review' }, { status: 400 })
	}
	try {
		const review = await addReview(db(), input, { clientIp: context.clientIp, limitPerHour: env().REVIEW_RATE_LIMIT })
		return Response.json({ ok: true, review }, { status: 201 })
	} catch (error) {
		if (error instanceof AppError) return Response.json({ error: error.message, fieldErrors: error.fieldErrors }, { status: error.status })
		logger.error({ err: error }, 'review failed')
		return Response.json({ error: 'Failed to submit review' }, { status: 500 })
	}
}
