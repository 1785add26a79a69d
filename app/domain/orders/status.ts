import type { MessageKey } from '../../i18n/catalogue'
import { awaitingKind, isRejectedTransfer, type FactsRow } from './order-facts'
import { DELIVERY_STATES, type DeliveryState, type PaymentState } from './order-state'

// How the order's states read (ADR-023): the spec's words and values, mapped from the model here and
// nowhere else. The model itself, and which moves it allows, is order-state.ts.

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral'

/**
 * The spec's `status` value (§4 payment status values) of each payment state, what API answers and
 * the CSV carry. The refund states are new to the spec and keep their own name.
 */
export const SPEC_PAYMENT_STATUS: Record<PaymentState, string> = {
	awaiting_payment: 'payment_pending',
	awaiting_confirmation: 'pending',
	paid: 'completed',
	failed: 'failed',
	expired: 'expired',
	cancelled: 'cancelled',
	partly_refunded: 'partly_refunded',
	refunded: 'refunded',
	paid_after_cancel: 'paid_after_cancel',
}
export const specPaymentStatus = (state: PaymentState): string => SPEC_PAYMENT_STATUS[state]

/**
 * Each payment state's badge, in one row: the buyer's (§4: Payment Successful green, waiting yellow,
 * Payment Failed red; an order not paid yet says "Awaiting payment", never "Processing Payment":
 * nothing is being processed until the buyer pays, issue 34) and the staff console's (§4's four:
 * Completed, Failed, Payment Pending, Pending; the others grey).
 */
const PAYMENT_BADGES: Record<PaymentState, { buyer: { label: string; tone: BadgeTone }; staff: { label: string; tone: BadgeTone } }> = {
	awaiting_payment: { buyer: { label: 'Awaiting payment', tone: 'warning' }, staff: { label: 'Payment Pending', tone: 'warning' } },
	awaiting_confirmation: { buyer: { label: 'Awaiting payment', tone: 'warning' }, staff: { label: 'Pending', tone: 'warning' } },
	paid: { buyer: { label: 'Payment Successful', tone: 'success' }, staff: { label: 'Completed', tone: 'success' } },
	failed: { buyer: { label: 'Payment Failed', tone: 'danger' }, staff: { label: 'Failed', tone: 'danger' } },
	expired: { buyer: { label: 'Payment Failed', tone: 'danger' }, staff: { label: 'Expired', tone: 'neutral' } },
	cancelled: { buyer: { label: 'Cancelled', tone: 'danger' }, staff: { label: 'Cancelled', tone: 'neutral' } },
	partly_refunded: { buyer: { label: 'Partly Refunded', tone: 'neutral' }, staff: { label: 'Partly refunded', tone: 'neutral' } },
	refunded: { buyer: { label: 'Refunded', tone: 'neutral' }, staff: { label: 'Refunded', tone: 'neutral' } },
	paid_after_cancel: { buyer: { label: 'Paid after cancel', tone: 'warning' }, staff: { label: 'Paid after cancel', tone: 'warning' } },
}
export const paymentBadge = (state: PaymentState): { label: string; tone: BadgeTone } => PAYMENT_BADGES[state].buyer

/**
 * The buyer's badge words by key: by state ("Awaiting payment" for an online order or a transfer not
 * paid yet), except a transfer receipt staff are checking ("Receipt being checked") and one they
 * rejected ("Receipt not accepted").
 */
export function buyerBadgeKey(order: FactsRow & { paymentStatus: PaymentState; rejectionReason?: string | null }): MessageKey {
	const kind = awaitingKind(order)
	if (kind === 'transfer') return 'order.badge.awaitingTransfer'
	if (kind === 'transferReview') return 'order.badge.transferReview'
	if (isRejectedTransfer(order)) return 'order.badge.transferRejected'
	return `order.badge.${order.paymentStatus}`
}

export const adminPaymentBadge = (state: PaymentState): { label: string; tone: BadgeTone } => PAYMENT_BADGES[state].staff

/** What the console's payment filter offers: every state, by its console word. */
export const PAYMENT_FILTERS = (Object.keys(PAYMENT_BADGES) as PaymentState[]).map((state) => ({ state, label: PAYMENT_BADGES[state].staff.label }))

/** Each delivery step's console word; a buyer reads each step by key (`order.step.*`). */
const STEP_TITLES: Record<DeliveryState, string> = {
	pending: 'Order Received',
	preparing: 'Preparing',
	activating: 'Activating',
	ready_for_delivery: 'Ready for Delivery',
	delivered: 'Delivered',
	completed: 'Completed',
}

/** The delivery steps in the model's order, each with its console word. */
export const FULFILLMENT_STEPS = DELIVERY_STATES.map((id) => ({ id, title: STEP_TITLES[id] }))

/** The spec's `fulfillment_status` value of a delivery state: the model keeps the spec's step ids. */
export const specFulfillmentStatus = (state: DeliveryState): DeliveryState => state
export const fulfillmentTitle = (state: string): string => FULFILLMENT_STEPS.find((s) => s.id === state)?.title ?? state

export function fulfillmentIndex(state: DeliveryState): number {
	return FULFILLMENT_STEPS.findIndex((s) => s.id === state)
}
