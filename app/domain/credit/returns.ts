import { z } from 'zod'
import { idSchema } from '../../utils/input'

// Returning an unopened code for store credit (ADR-051): the window's rule and the request. Browser-safe.

/** The most days a product may take returns for. */
export const MAX_RETURN_DAYS = 365

/** The refund's reason, as staff read it on the order's timeline. */
export const RETURN_REASON = 'Returned unopened by the buyer for store credit'

/** When a unit delivered at `assignedAt` may no longer be returned; null when its product takes no returns. */
export function returnWindowEnd(assignedAt: Date, returnDays: number | null): Date | null {
	if (!returnDays || returnDays <= 0) return null
	return new Date(assignedAt.getTime() + returnDays * 86_400_000)
}

/** POST /api/order/return. */
export const returnInput = z
	.object({
		orderNumber: z.string({ error: 'errors.notOrderNumber' }).trim().min(1, 'errors.notOrderNumber').max(100, 'errors.notOrderNumber'),
		unitId: idSchema('order.return.badUnit'),
	})
	.strip()
