// Payment and fulfillment states: the values of §4 and how the buyer sees them.

export const PAYMENT_STATUSES = ['payment_pending', 'pending', 'processing', 'completed', 'paid', 'success', 'failed', 'cancelled', 'expired'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Statuses an order can still be paid from. */
export const UNPAID_STATUSES = ['payment_pending', 'pending', 'processing'] as const
/**
 * Statuses a payment confirmed by the provider still completes: the money has arrived, even if we
 * had expired the order (PayPro's page stays payable until its due date) or read a failed attempt.
 */
export const PROVIDER_PAYABLE_STATUSES = [...UNPAID_STATUSES, 'expired', 'failed'] as const
/** The status a paid order gets: the one the staff console knows. */
export const PAID_STATUS = 'completed'
/**
 * The statuses the shop itself gives an order, and so what the console filters by: placed online
 * (payment_pending), a transfer receipt or a DM order (pending), paid, a failed or rejected
 * payment, and unpaid past ORDER_EXPIRY_HOURS. The other §4 values are only ever read.
 */
export const ORDER_PAYMENT_STATUSES = ['payment_pending', 'pending', PAID_STATUS, 'failed', 'expired'] as const

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral'

/** §4 customer badge, case-insensitive. */
export function paymentBadge(status: string | null | undefined): { label: string; tone: BadgeTone } {
	const s = (status ?? '').toLowerCase()
	if (['completed', 'paid', 'success'].includes(s)) return { label: 'Payment Successful', tone: 'success' }
	if (['payment_pending', 'pending', 'processing'].includes(s)) return { label: 'Processing Payment', tone: 'warning' }
	if (['failed', 'cancelled', 'expired'].includes(s)) return { label: 'Payment Failed', tone: 'danger' }
	return { label: 'Payment Status Unknown', tone: 'neutral' }
}

export const isPaid = (status: string | null | undefined) => paymentBadge(status).tone === 'success'
export const showsProcessingNote = (status: string | null | undefined) => ['payment_pending', 'pending'].includes((status ?? '').toLowerCase())

export const FULFILLMENT_STEPS = [
	{ id: 'pending', title: 'Order Received', description: 'Order received and queued for processing' },
	{ id: 'preparing', title: 'Preparing', description: "We're preparing your order" },
	{ id: 'activating', title: 'Activating', description: 'Activating your digital products' },
	{ id: 'ready_for_delivery', title: 'Ready for Delivery', description: 'Your order is ready for delivery' },
	{ id: 'delivered', title: 'Delivered', description: 'Order delivered to your email/WhatsApp' },
	{ id: 'completed', title: 'Completed', description: 'Order fully completed and verified' },
] as const
export type FulfillmentStatus = (typeof FULFILLMENT_STEPS)[number]['id']
/** Steps before the buyer has it: a paid order in one of these is still to deliver. */
export const UNDELIVERED_STEPS = ['pending', 'preparing', 'activating', 'ready_for_delivery'] as const satisfies readonly FulfillmentStatus[]
export const FULFILLMENT_STATUSES = FULFILLMENT_STEPS.map((s) => s.id) as FulfillmentStatus[]

/** Unknown or missing defaults to pending. */
export function fulfillmentIndex(status: string | null | undefined): number {
	const index = FULFILLMENT_STEPS.findIndex((s) => s.id === status)
	return index === -1 ? 0 : index
}
