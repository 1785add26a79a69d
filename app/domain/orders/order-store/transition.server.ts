import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Tx } from '../../../db/client.server'
import { orderEvents, orders, type OrderEventActor } from '../../../db/schema'
import { AppError } from '../../../utils/app-error'
import { currentRequestId } from '../../../utils/request-context.server'
import type { Actor } from '../../staff/audit.server'
import type { OrderRow } from '../order'
import { publishOrderEvent, type OrderEventKind, type EventFacts } from '../order-events.server'
import {
	DELIVERY_TRANSITIONS,
	deliveryFrom,
	deliveryRefusal,
	PAYMENT_TRANSITIONS,
	paymentFrom,
	paymentMoveLimits,
	paymentMoveOpen,
	paymentRefusal,
	type DeliveryTransition,
	type PaymentTransition,
	type Transition,
} from '../order-state'

// The one writer of an order's state (ADR-036): every move of order-state.ts is made here, under the
// order row's lock, with the row of order_events that records it, in the caller's transaction; and
// the event is told to its channels (order-events.server.ts). Commands name the move and what else
// the move sets; they never write the order's tables themselves (tests/lint/order-writer.test.ts).

export type Move = PaymentTransition | DeliveryTransition
type OrderSet = PgUpdateSetSource<typeof orders>

type Paying = 'paidAt' | 'rejectionReason' | 'testPayment'
type Refunding = 'refundedAmount' | 'undeliveredUnits' | 'deliveryContent'
type Delivering = 'deliveryContent' | 'undeliveredUnits' | 'stockDeliveredAt' | 'deliveredAt'

/** The columns a move may set beside its state: nothing else is written with it. */
type MoveColumns = Columns<{
	uploadReceipt: 'receiptPath' | 'receiptSha256' | 'receiptUploadedAt' | 'paymentMethod' | 'rejectionReason' | 'transferTid' | 'transferPayer'
	confirmByProvider: Paying
	settle: Paying
	confirmByStaff: Paying
	confirmTransfer: Paying
	reinstate: Paying
	failByProvider: never
	rejectTransfer: 'rejectionReason'
	reopenTransfer: 'rejectionReason'
	expire: never
	payAgain: 'paymentMethod' | 'paymentUrl' | 'payproClaimedAt'
	cancel: 'cancelReason' | 'cancelledAt'
	payAfterCancel: 'paidAt' | 'testPayment' | 'cancelledAt' | 'cancelReason'
	refundPart: Refunding
	refund: Refunding
	prepare: Delivering
	activate: Delivering
	readyForDelivery: Delivering
	deliver: Delivering
	complete: Delivering
}>
type Columns<T extends Record<Move, keyof OrderSet>> = T
export type MoveChanges<M extends Move> = Partial<Pick<OrderSet, MoveColumns[M]>>

/** Who made a change: staff (as the audit log names them), the buyer, the payment provider, or the shop itself. */
export type EventActor = Actor | Exclude<OrderEventActor, 'staff'>

export interface MoveOptions {
	by?: EventActor
	/** A few facts kept with the event and told to its channels (an amount, a reason): never a delivered code. */
	facts?: EventFacts
	/** Only while this holds too (the page asked about is still the order's): otherwise nothing moves. */
	onlyIf?: SQL
	/** The store's name, for the emails the event sends (read before the transaction). */
	storeName: string
	/** The move's own work after the state is written, before it is told (stock delivered with a payment): what it returns is told too. */
	then?: (row: OrderRow) => Promise<EventFacts | void>
}

const isPaymentMove = (move: Move): move is PaymentTransition => move in PAYMENT_TRANSITIONS
const transitionOf = (move: Move): Transition<string> => (isPaymentMove(move) ? PAYMENT_TRANSITIONS[move] : DELIVERY_TRANSITIONS[move])
/** The conditional update's guard: of moves at once, only one finds the order in a from-state (kept for its way of paying, when the move says so). */
function inFromStates(move: Move): SQL | undefined {
	if (!isPaymentMove(move)) return inArray(orders.deliveryStatus, deliveryFrom(move))
	const limits = paymentMoveLimits(move).map(([state, method]) => or(ne(orders.paymentStatus, state), eq(orders.paymentMethod, method)))
	return and(inArray(orders.paymentStatus, paymentFrom(move)), ...limits)
}
const currentState = (move: Move, row: OrderRow): string => (isPaymentMove(move) ? row.paymentStatus : row.deliveryStatus)
const moveOpen = (move: Move, row: OrderRow): boolean =>
	isPaymentMove(move) ? paymentMoveOpen(move, row.paymentStatus, row.paymentMethod) : transitionOf(move).from.includes(row.deliveryStatus)

/** The order row, held to the end of the caller's transaction: moves and writers at once wait for each other. */
export async function lockOrder(tx: Tx, which: { id: number } | { orderNumber: string }): Promise<OrderRow | undefined> {
	const [row] = await tx
		.select()
		.from(orders)
		.where('id' in which ? eq(orders.id, which.id) : eq(orders.orderNumber, which.orderNumber))
		.for('update')
	return row
}

/**
 * Makes `move` on the order, or answers null when it may not (its state is not one of the move's
 * from-states, or `onlyIf` does not hold): a replayed or concurrent move changes the order once.
 */
export async function transitionIfAllowed<M extends Move>(tx: Tx, which: { id: number } | { orderNumber: string }, move: M, changes: MoveChanges<M>, options: MoveOptions): Promise<OrderRow | null> {
	const before = await lockOrder(tx, which)
	if (!before) return null
	const t = transitionOf(move)
	if (!moveOpen(move, before)) return null
	const [row] = await tx
		.update(orders)
		.set({ ...(changes as OrderSet), [isPaymentMove(move) ? 'paymentStatus' : 'deliveryStatus']: t.to, updatedAt: new Date() })
		.where(and(eq(orders.id, before.id), inFromStates(move), options.onlyIf))
		.returning()
	if (!row) return null
	await tellOrderEvent(tx, row, move, { ...options, from: currentState(move, before), to: t.to })
	return row
}

/** Makes `move` on the order, or refuses it with its sentence (409): "Order GV-1 cannot be cancelled: its payment is paid." */
export async function transition<M extends Move>(tx: Tx, which: { id: number } | { orderNumber: string }, move: M, changes: MoveChanges<M>, options: MoveOptions): Promise<OrderRow> {
	const row = await transitionIfAllowed(tx, which, move, changes, options)
	if (row) return row
	const current = await lockOrder(tx, which)
	if (!current) throw new AppError('NOT_FOUND', `Order ${'orderNumber' in which ? which.orderNumber : which.id} not found.`)
	throw isPaymentMove(move) ? paymentRefusal(current.orderNumber, move, current.paymentStatus) : deliveryRefusal(current.orderNumber, move, current.deliveryStatus)
}

/**
 * Records an event of the order that moves neither state (delivery content changed, a unit replaced, a
 * test order approved) and tells it to its channels, in the caller's transaction.
 */
export async function tellOrderEvent(
	tx: Tx,
	row: OrderRow,
	kind: OrderEventKind,
	{ by = 'shop', facts = {}, storeName, then, from = null, to = null }: Omit<MoveOptions, 'onlyIf'> & { from?: string | null; to?: string | null },
): Promise<void> {
	const staff = typeof by === 'object' ? by : null
	const [event] = await tx
		.insert(orderEvents)
		.values({ orderId: row.id, kind, fromState: from, toState: to, actorKind: staff ? 'staff' : (by as OrderEventActor), actor: staff?.label ?? null, staffId: staff?.staffId ?? null, facts, requestId: currentRequestId() })
		.returning({ id: orderEvents.id })
	const more = then ? await then(row) : undefined
	await publishOrderEvent(tx, { id: event!.id, kind, order: row, from, to, facts: { ...facts, ...(more ?? {}) }, storeName })
}
