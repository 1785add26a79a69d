import type { Db } from '../../db/client.server'
import { AppError } from '../../utils/app-error'
import { hitRateLimit } from '../rate-limit.server'
import type { Order } from './create-order.server'

/** Decision 3: the buyer may unlock their order page with the email used at checkout; rate-limited per address. */
export async function unlockOrderByEmail(db: Db, order: Order, email: string, { clientIp }: { clientIp: string }): Promise<string> {
	await hitRateLimit(db, `order-unlock:${clientIp}`, {
		limit: 10,
		windowSeconds: 900,
		message: 'Too many attempts. Please wait 15 minutes and try again, or use the link in your order email.',
	})
	const matches = Boolean(order.customerEmail) && order.customerEmail!.trim().toLowerCase() === email.trim().toLowerCase()
	if (!matches || !order.accessToken) throw new AppError('FORBIDDEN', 'That email address does not match this order.')
	return order.accessToken
}
