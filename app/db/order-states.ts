// The values the order's two state columns may hold (their CHECKs in drizzle/0020), here below the
// domain so the schema can name them. What each means and which moves are allowed: app/domain/orders/order-state.ts (ADR-023).

export const PAYMENT_STATES = [
	/** Placed; the buyer has not paid yet (online, or a transfer whose receipt has not come). */
	'awaiting_payment',
	/** Staff have something to confirm: a transfer receipt, or a DM order's payment arranged in the chat. */
	'awaiting_confirmation',
	'paid',
	/** The provider reported the payment failed, or staff rejected the transfer: it may be paid again. */
	'failed',
	/** Left unpaid past ORDER_EXPIRY_HOURS. */
	'expired',
	'cancelled',
	'partly_refunded',
	'refunded',
	/** PayPro's money arrived for an order staff had cancelled: kept, for staff to reinstate (deliver) or refund. */
	'paid_after_cancel',
] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]

/** The spec's fulfillment steps (§4 tracker), in order. */
export const DELIVERY_STATES = ['pending', 'preparing', 'activating', 'ready_for_delivery', 'delivered', 'completed'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

/** How money goes back to a buyer (refunds.method's CHECK). */
export const REFUND_METHODS = ['paypro', 'bank', 'wallet', 'credit'] as const
export type RefundMethod = (typeof REFUND_METHODS)[number]

/** The kinds of a store credit entry (ADR-051): a refund to credit, a returned unit, credit spent on an order, spent credit given back (the order ended unpaid), staff's adjustment. */
export const CREDIT_KINDS = ['refund', 'returned_unit', 'spent', 'spend_reversed', 'adjustment'] as const
export type CreditKind = (typeof CREDIT_KINDS)[number]
