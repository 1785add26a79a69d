import type { Tx } from '../../db/client.server'
import { handDeliveryAlert, paidAfterCancelAlert, receiptAlert, refundAlert, stockQueueAlert } from '../alerts/event-alerts.server'
import { queueAlert, type StaffAlert } from '../alerts/queue-alert.server'
import { orderDeliveredEmail } from '../email/order-delivered-email.server'
import { claimAnsweredEmail, orderCancelledEmail, orderRefundedEmail, paidAfterCancelEmail, transferRejectedEmail } from '../email/order-notice-email.server'
import { orderPaidEmail } from '../email/order-paid-email.server'
import { queueEmail, type QueuedEmail } from '../email/queue-email.server'
import type { PushEvent } from '../push/push-text.server'
import type { RefundMethod } from '../refunds/refund-input'
import { notifyOrderChanged } from './notify-order.server'
import type { Order, OrderRow } from './order'
import { withLinesOf } from './order-lines.server'
import type { DeliveryTransition, PaymentTransition } from './order-state'
import { queueOrderNotices } from './queue-order-notices.server'
import { giveBackSpentCredit } from '../credit/credit.server'

// What each event of an order tells, and to whom (ADR-036): the buyer's email, their phones (push and
// WhatsApp, queueOrderNotices), staff alerts and the open order pages (the live notice). The one writer
// of the order (order-store/) records an event in the transaction that makes it and publishes it here;
// each subscriber writes its outbox row in that transaction, under a key that names the event, so each
// channel hears of it once however often it is replayed. A new event, or a new channel, is one place.

/** Events that move neither state: recorded for the timeline and told like the moves. */
export const OTHER_EVENTS = ['deliveryChanged', 'unitReplaced', 'testApproved', 'methodChanged', 'claimOpened', 'claimAnswered'] as const
export type OrderEventKind = PaymentTransition | DeliveryTransition | (typeof OTHER_EVENTS)[number]

/** Small facts of an event, kept with it (order_events.facts) and read by its subscribers. */
export type EventFacts = Record<string, string | number | boolean | null>

export interface ToldEvent {
	id: number
	kind: OrderEventKind
	order: OrderRow
	from: string | null
	to: string | null
	facts: EventFacts
	storeName: string
}

type Subscriber = (tx: Tx, event: ToldEvent, lines: () => Promise<Order>) => Promise<void>

const live: Subscriber = (tx, e) => notifyOrderChanged(tx, e.order.orderNumber)

/** The buyer's email, when the order has an address (and `make` has something to say). */
const email =
	(make: (e: ToldEvent, order: Order) => QueuedEmail | null): Subscriber =>
	async (tx, e, lines) => {
		if (!e.order.customerEmail) return
		const message = make(e, await lines())
		if (message) await queueEmail(tx, message)
	}

/** The buyer's phones: push and WhatsApp, once per `key`. */
const phones =
	(event: PushEvent, key: (e: ToldEvent) => string | null): Subscriber =>
	async (tx, e) => {
		const k = key(e)
		if (k) await queueOrderNotices(tx, e.order, event, k, typeof e.facts.amount === 'number' ? { amount: e.facts.amount } : {})
	}

/** Staff who asked for this kind of alert. */
const staff =
	(make: (e: ToldEvent, order: Order) => StaffAlert | null): Subscriber =>
	async (tx, e, lines) => {
		const alert = make(e, await lines())
		if (alert) await queueAlert(tx, alert)
	}

/** The order ended unpaid: store credit it spent goes back to its buyer, once (ADR-051). */
const creditBack: Subscriber = async (tx, e) => {
	await giveBackSpentCredit(tx, e.order, e.kind === 'cancel' ? `Order ${e.order.orderNumber} cancelled unpaid` : `Order ${e.order.orderNumber} expired unpaid`)
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const num = (value: unknown) => (typeof value === 'number' ? value : 0)

/** The order is paid: one paid email (it says so when stock delivered everything with it), else the phones hear "paid" and staff what is left to do. */
const PAID: Subscriber[] = [
	email((e, order) => orderPaidEmail(order, e.storeName, { delivered: e.facts.delivered === true })),
	live,
	phones('paid', (e) => (e.facts.delivered === true ? null : `paid:${e.order.orderNumber}`)),
	// A test payment waits for staff's approval first.
	// Codes a supplier is being bought from alone owe staff nothing yet: a purchase that waits for them alerts on its own.
	staff((e, order) =>
		e.order.testPayment || e.facts.delivered === true ? null : num(e.facts.owed) > 0 ? stockQueueAlert(order, num(e.facts.owed)) : num(e.facts.buying) > 0 && e.facts.byHand === false ? null : handDeliveryAlert(order),
	),
]

const REFUNDED: Subscriber[] = [
	email((e, order) =>
		orderRefundedEmail(order, e.storeName, {
			id: num(e.facts.refundId),
			amount: num(e.facts.amount),
			method: text(e.facts.method) as RefundMethod,
			reference: typeof e.facts.reference === 'string' ? e.facts.reference : null,
			reason: text(e.facts.reason),
			full: e.kind === 'refund',
		}),
	),
	live,
	phones('refunded', (e) => `refund:${e.facts.refundId}`),
	staff((e, order) => refundAlert(order, { id: num(e.facts.refundId), amount: num(e.facts.amount), method: text(e.facts.method), by: text(e.facts.by) })),
]

/** Every event's subscribers, in the order they are told. */
export const ORDER_EVENT_SUBSCRIBERS: Record<OrderEventKind, Subscriber[]> = {
	uploadReceipt: [live, staff((_, order) => receiptAlert(order))],
	confirmByProvider: PAID,
	settle: PAID,
	confirmByStaff: PAID,
	confirmTransfer: PAID,
	reinstate: PAID,
	failByProvider: [live],
	expire: [creditBack, live],
	payAgain: [live],
	// The buyer is asked for something: the reason by email, and their phones hear it (the reason is on the order page, not in the push).
	rejectTransfer: [
		live,
		email((e, order) => transferRejectedEmail(order, e.storeName, e.order.rejectionReason ?? '')),
		phones('transfer-rejected', (e) => `transfer-rejected:${e.order.orderNumber}:${e.order.receiptSha256 ?? e.order.receiptPath}`),
	],
	// Staff took the rejection back: the receipt waits for them again (the open page shows it).
	reopenTransfer: [live],
	cancel: [creditBack, email((e, order) => orderCancelledEmail(order, e.storeName, e.order.cancelReason ?? '')), live, phones('cancelled', (e) => `cancelled:${e.order.orderNumber}`)],
	payAfterCancel: [email((e, order) => paidAfterCancelEmail(order, e.storeName)), live, staff((e, order) => (e.order.testPayment ? null : paidAfterCancelAlert(order, typeof e.facts.staffNote === 'string' ? e.facts.staffNote : undefined)))],
	refundPart: REFUNDED,
	refund: REFUNDED,
	prepare: [live],
	activate: [live],
	readyForDelivery: [live],
	deliver: [live],
	// Delivered in full: the delivered email (unless the paid email of the same transaction says so) and the phones (never what was delivered).
	complete: [
		email((e, order) => (order.deliveryContent != null && e.facts.toldWithPayment !== true ? orderDeliveredEmail(order, e.storeName) : null)),
		live,
		phones('delivered', (e) => `delivered:${e.order.orderNumber}`),
	],
	// Staff changed what was delivered on a completed order: the delivered email, once per order.
	deliveryChanged: [live, email((e, order) => (order.deliveryStatus === 'completed' && order.deliveryContent != null ? orderDeliveredEmail(order, e.storeName) : null))],
	unitReplaced: [live, phones('replaced', (e) => `replaced:${e.facts.assignmentId}`)],
	testApproved: [live],
	methodChanged: [live],
	// The buyer reported a unit that does not work (ADR-052): the open pages (theirs, the console's) show it; the queue's badge counts it.
	claimOpened: [live],
	// The claim's answer. A replacement is told by its own event's phones (unitReplaced) and here by email; a refund by
	// the refund's email and phones; a refusal, which nothing else tells, by email and the phones.
	claimAnswered: [
		live,
		email((e, order) =>
			e.facts.answer === 'replace' || e.facts.answer === 'refuse'
				? claimAnsweredEmail(order, e.storeName, { id: num(e.facts.claimId), answer: e.facts.answer, reason: text(e.facts.reason), kind: text(e.facts.kind), masked: text(e.facts.masked) })
				: null,
		),
		phones('claim-answered', (e) => (e.facts.answer === 'refuse' ? `claim-answered:${e.facts.claimId}` : null)),
	],
}

/** Tells one recorded event to each of its subscribers, in the caller's transaction. */
export async function publishOrderEvent(tx: Tx, event: ToldEvent): Promise<void> {
	let order: Promise<Order> | null = null
	const lines = () => (order ??= withLinesOf(tx, event.order).then((o) => o!))
	for (const subscriber of ORDER_EVENT_SUBSCRIBERS[event.kind]) await subscriber(tx, event, lines)
}
