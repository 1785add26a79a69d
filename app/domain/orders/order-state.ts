import type { MessageKey } from '../../i18n/catalogue'
import { wordsNaming } from '../../i18n/words'
import { AppError } from '../../utils/app-error'

// The order as a state machine (ADR-023): where the money stands and how far delivery has come, two
// columns with a CHECK each, and every move between their values listed here as data. Whatever writes
// `payment_status` or `delivery_status` names one of these transitions: it takes its from-states for the
// conditional update (`where payment_status in (from)`) and is refused with a sentence otherwise.

import { DELIVERY_STATES, PAYMENT_STATES, type DeliveryState, type PaymentState } from '../../db/order-states'

export { DELIVERY_STATES, PAYMENT_STATES, type DeliveryState, type PaymentState }

/** Where an order starts: placed online or for a transfer it waits for the money; a DM order's payment is arranged in the chat, for staff to confirm. */
export const PLACED = {
	checkout: { paymentStatus: 'awaiting_payment', deliveryStatus: 'pending' },
	dm: { paymentStatus: 'awaiting_confirmation', deliveryStatus: 'pending' },
} as const satisfies Record<string, { paymentStatus: PaymentState; deliveryStatus: DeliveryState }>

export interface Transition<S extends string> {
	from: readonly S[]
	to: S
	/** From-states the move takes only for one way of paying (`{ failed: 'manual' }`): from any other state, any way. */
	onlyFor?: Partial<Record<S, string>>
}

const UNPAID = ['awaiting_payment', 'awaiting_confirmation'] as const satisfies readonly PaymentState[]
const PAID = ['paid', 'partly_refunded'] as const satisfies readonly PaymentState[]

/** Every move of the payment state. A move not listed here never happens. */
export const PAYMENT_TRANSITIONS = {
	/**
	 * A transfer receipt arrives, or replaces the one staff have not looked at yet, or follows one staff
	 * rejected (a rejected transfer is `failed` with the transfer as its way of paying; a failed online
	 * payment takes no receipt: it is paid again, or switched to a transfer first).
	 */
	uploadReceipt: { from: [...UNPAID, 'failed'], to: 'awaiting_confirmation', onlyFor: { failed: 'manual' } },
	/** PayPro confirms the money arrived: also after a failed attempt or expiry (its page stays payable until its due date). */
	confirmByProvider: { from: [...UNPAID, 'failed', 'expired'], to: 'paid' },
	/** Nothing to pay (a discount code took the whole total): paid as it is placed, no provider asked. */
	settle: { from: ['awaiting_payment'], to: 'paid' },
	/** Staff record a payment they saw (a DM order's, a transfer). */
	confirmByStaff: { from: UNPAID, to: 'paid' },
	/** Staff confirm a transfer receipt. */
	confirmTransfer: { from: ['awaiting_confirmation'], to: 'paid' },
	/** PayPro reports the attempt failed. */
	failByProvider: { from: UNPAID, to: 'failed' },
	/** Staff reject the transfer receipt. */
	rejectTransfer: { from: ['awaiting_confirmation'], to: 'failed' },
	/**
	 * Staff take back a rejection (the money turned up after all): the receipt waits for them again, to
	 * confirm. Only for a transfer whose receipt was rejected (isRejectedTransfer, order-facts.ts).
	 */
	reopenTransfer: { from: ['failed'], to: 'awaiting_confirmation', onlyFor: { failed: 'manual' } },
	/** Left unpaid too long; a receipt under review never expires. */
	expire: { from: ['awaiting_payment'], to: 'expired' },
	/** "Try again" after a failed online payment, or "Pay online instead" after a rejected transfer. */
	payAgain: { from: ['failed'], to: 'awaiting_payment' },
	/** Staff cancel an order not paid (with a reason the buyer reads): its payment link stops. */
	cancel: { from: [...UNPAID, 'failed', 'expired'], to: 'cancelled' },
	/**
	 * PayPro's money arrives for a cancelled order: kept, never lost, for staff to reinstate or refund. Also
	 * for an expired order whose discount code can no longer be taken (used up meanwhile): kept for a refund.
	 */
	payAfterCancel: { from: ['cancelled', 'expired'], to: 'paid_after_cancel' },
	/** Staff keep a payment that came after the cancel: the order is paid and delivered as any other. */
	reinstate: { from: ['paid_after_cancel'], to: 'paid' },
	/** Part of the money given back (some lines, or some of an amount). */
	refundPart: { from: [...PAID, 'paid_after_cancel'], to: 'partly_refunded' },
	/** All of the money given back. */
	refund: { from: [...PAID, 'paid_after_cancel'], to: 'refunded' },
} as const satisfies Record<string, Transition<PaymentState>>
export type PaymentTransition = keyof typeof PAYMENT_TRANSITIONS

const BEFORE_DELIVERED = ['pending', 'preparing', 'activating', 'ready_for_delivery'] as const satisfies readonly DeliveryState[]

/** Every move of the delivery state: forward only (staff may skip steps); completed is the end. */
export const DELIVERY_TRANSITIONS = {
	/** Stock served part of the order, or staff started on it. */
	prepare: { from: ['pending'], to: 'preparing' },
	activate: { from: ['pending', 'preparing'], to: 'activating' },
	readyForDelivery: { from: ['pending', 'preparing', 'activating'], to: 'ready_for_delivery' },
	deliver: { from: BEFORE_DELIVERED, to: 'delivered' },
	/** Everything delivered, from stock or by hand. */
	complete: { from: [...BEFORE_DELIVERED, 'delivered'], to: 'completed' },
} as const satisfies Record<string, Transition<DeliveryState>>
export type DeliveryTransition = keyof typeof DELIVERY_TRANSITIONS

/** Payment states an order still waits to be paid in (the buyer may pay, staff may confirm). */
export const UNPAID_STATES: readonly PaymentState[] = UNPAID
/** Payment states of an order whose money is (still partly) kept: it is delivered. */
export const PAID_STATES: readonly PaymentState[] = PAID
/** Delivery states of a paid order still to deliver (the console's to-do and "Not delivered" filter). */
export const UNDELIVERED_STATES: readonly DeliveryState[] = BEFORE_DELIVERED

export const isPaymentState = (value: unknown): value is PaymentState => (PAYMENT_STATES as readonly unknown[]).includes(value)
export const isDeliveryState = (value: unknown): value is DeliveryState => (DELIVERY_STATES as readonly unknown[]).includes(value)


/** Every (from, to) pair of payment states some transition allows. */
export function paymentMoveAllowed(from: PaymentState, to: PaymentState): boolean {
	return Object.values(PAYMENT_TRANSITIONS).some((t) => t.to === to && (t.from as readonly PaymentState[]).includes(from))
}
export function deliveryMoveAllowed(from: DeliveryState, to: DeliveryState): boolean {
	return Object.values(DELIVERY_TRANSITIONS).some((t) => t.to === to && (t.from as readonly DeliveryState[]).includes(from))
}

/** The delivery transition that reaches `to`. */
export function deliveryTransitionTo(to: DeliveryState): DeliveryTransition | null {
	const found = (Object.entries(DELIVERY_TRANSITIONS) as [DeliveryTransition, Transition<DeliveryState>][]).find(([, t]) => t.to === to)
	return found ? found[0] : null
}

/** The state's words in the catalogue (errors.paymentState.*, errors.deliveryState.*); an unknown one (never written: a CHECK holds) reads as "unknown". */
const paymentStateWords = (state: string): MessageKey => (isPaymentState(state) ? `errors.paymentState.${state}` : 'errors.paymentState.unknown')
const deliveryStateWords = (state: string): MessageKey => (isDeliveryState(state) ? `errors.deliveryState.${state}` : 'errors.deliveryState.unknown')

/**
 * The refusal of a move for an order in `current` (a 409 at the HTTP edge), in words by key: "Order GV-1
 * cannot be cancelled: its payment is paid." (errors.orderMove.*, each move's own words).
 */
export function paymentRefusal(orderNumber: string, name: PaymentTransition, current: string): AppError {
	return new AppError('CONFLICT', wordsNaming('errors.orderMove.payment', { action: `errors.move.${name}`, state: paymentStateWords(current) }, { orderNumber }))
}
export function deliveryRefusal(orderNumber: string, name: DeliveryTransition, current: string): AppError {
	return new AppError('CONFLICT', wordsNaming('errors.orderMove.delivery', { action: `errors.move.${name}`, state: deliveryStateWords(current) }, { orderNumber }))
}

/**
 * Whether `name` moves an order in `state` paid by `method` (the transition's from-states, with the ways
 * of paying some of them are kept for). Without a method, whether it moves some order in that state.
 */
export function paymentMoveOpen(name: PaymentTransition, state: string, method?: string): boolean {
	const t: Transition<PaymentState> = PAYMENT_TRANSITIONS[name]
	if (!isPaymentState(state) || !t.from.includes(state)) return false
	const only = t.onlyFor?.[state]
	return only === undefined || method === undefined || only === method
}

/** The from-states that `name` takes only for one way of paying, with that way. */
export const paymentMoveLimits = (name: PaymentTransition): [PaymentState, string][] =>
	Object.entries((PAYMENT_TRANSITIONS[name] as Transition<PaymentState>).onlyFor ?? {}) as [PaymentState, string][]

/** The payment state `name` leads to from `current` (paid by `method`, when known), or a refusal with a sentence. */
export function movePayment(orderNumber: string, current: string, name: PaymentTransition, method?: string): PaymentState {
	if (!paymentMoveOpen(name, current, method)) throw paymentRefusal(orderNumber, name, current)
	return PAYMENT_TRANSITIONS[name].to
}
export function moveDelivery(orderNumber: string, current: string, name: DeliveryTransition): DeliveryState {
	const t: Transition<DeliveryState> = DELIVERY_TRANSITIONS[name]
	if (!isDeliveryState(current) || !t.from.includes(current)) throw deliveryRefusal(orderNumber, name, current)
	return t.to
}

/** The from-states of a transition, for the conditional update that makes concurrent writers safe. */
export const paymentFrom = (name: PaymentTransition): PaymentState[] => [...PAYMENT_TRANSITIONS[name].from]
export const deliveryFrom = (name: DeliveryTransition): DeliveryState[] => [...DELIVERY_TRANSITIONS[name].from]

/**
 * Staff set a delivery step: the same step is no move; any other needs a paid order and a listed
 * transition (forward only, Completed is the end), else it is refused with a sentence.
 */
export function moveDeliveryTo(order: { orderNumber: string; paymentStatus: string; deliveryStatus: string }, to: DeliveryState): DeliveryState {
	if (order.deliveryStatus === to) return to
	if (!PAID.includes(order.paymentStatus as (typeof PAID)[number])) {
		throw new AppError('CONFLICT', wordsNaming('errors.orderMove.notPaid', { state: paymentStateWords(order.paymentStatus) }, { orderNumber: order.orderNumber }))
	}
	return moveDelivery(order.orderNumber, order.deliveryStatus, deliveryTransitionTo(to)!)
}
