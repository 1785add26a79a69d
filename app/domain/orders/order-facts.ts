import { sql, type SQL } from 'drizzle-orm'
import { PAID_STATES, UNDELIVERED_STATES, UNPAID_STATES, type DeliveryState, type PaymentState } from './order-state'

// The order's named facts (ADR-023, "Named facts"): each once, as a predicate over an order row and as
// its SQL twin that selects exactly the same orders. Every list, report, badge, count and limit asks
// these; no other file compares a payment state with a literal (tests/lint/order-state-literals).
//
// A twin takes the alias the query gives `orders` (`'o'` in raw SQL); without one it names the table,
// as a drizzle `select … from orders` does. States are written as SQL literals (they are ours, never
// input) so that a partial index on the same condition can serve the query.

/** The fields the facts read. */
export interface FactsRow {
	paymentStatus: PaymentState | string
	deliveryStatus?: DeliveryState | string
	testPayment?: boolean
	paymentMethod?: string
}

const has = (states: readonly string[], state: string) => states.includes(state)
const column = (alias: string | undefined, name: string) => sql`${sql.identifier(alias ?? 'orders')}.${sql.identifier(name)}`
const list = (states: readonly string[]) => sql.raw(`(${states.map((s) => `'${s}'`).join(', ')})`)
const inStates = (alias: string | undefined, name: string, states: readonly string[]) => sql`${column(alias, name)} in ${list(states)}`

/** The money was taken and is (at least partly) kept for the goods: paid, partly refunded. */
export const isPaid = (o: FactsRow): boolean => has(PAID_STATES, o.paymentStatus)
export const isPaidSql = (alias?: string): SQL => inStates(alias, 'payment_status', PAID_STATES)

/** Payment states of a sale: paid, partly refunded or refunded (a refund is a figure of its own). */
export const SALE_STATES: readonly PaymentState[] = [...PAID_STATES, 'refunded']
/**
 * A sale, for reports, customers, the leaderboard, verified purchases and renewal reminders: money that
 * came in for goods (and stayed, or went back as a refund, counted on its own), never a test payment,
 * never a payment after a cancel (money held to give back, until staff reinstate it).
 */
export const countsAsSale = (o: FactsRow): boolean => has(SALE_STATES, o.paymentStatus) && !o.testPayment
export const countsAsSaleSql = (alias?: string): SQL => sql`(${inStates(alias, 'payment_status', SALE_STATES)} and not ${column(alias, 'test_payment')})`

/** Money that arrived after staff cancelled the order: held, to reinstate or give back; not a sale. */
export const HELD_AFTER_CANCEL: readonly PaymentState[] = ['paid_after_cancel']
export const heldAfterCancel = (o: FactsRow): boolean => has(HELD_AFTER_CANCEL, o.paymentStatus)
export const heldAfterCancelSql = (alias?: string): SQL => inStates(alias, 'payment_status', HELD_AFTER_CANCEL)

/** Paid (or partly refunded) and not delivered yet: the console's "paid, not delivered" and the stock queue. */
export const owesDelivery = (o: FactsRow): boolean => isPaid(o) && has(UNDELIVERED_STATES, o.deliveryStatus ?? '')
export const owesDeliverySql = (alias?: string): SQL => sql`(${isPaidSql(alias)} and ${inStates(alias, 'delivery_status', UNDELIVERED_STATES)})`

/** Supplier purchase states in flight (ADR-053): stored before the call, or the supplier took it and its keys are coming. */
export const PURCHASE_IN_FLIGHT_STATES = ['pending', 'ordered'] as const
/** A purchase job not finished: queued by the payment (before its rows are planned) or asked again later. */
const PURCHASE_JOB_OPEN_STATES = ['pending', 'running'] as const
/**
 * The order is being bought from a supplier (in its payment's aftermath): its purchase job is queued or
 * running, or a purchase is in flight. Nobody needs to act yet; a purchase that waits for staff is
 * settled, so once the job is done the order is staff's again.
 */
export const buyingFromSupplierSql = (alias?: string): SQL =>
	sql`(exists (select 1 from supplier_purchases sp where sp.order_id = ${column(alias, 'id')} and sp.status in ${list(PURCHASE_IN_FLIGHT_STATES)}) or exists (select 1 from jobs j where j.kind = 'buy-from-suppliers' and j.status in ${list(PURCHASE_JOB_OPEN_STATES)} and j.payload->>'orderId' = ${column(alias, 'id')}::text))`

/**
 * Owes delivery and waits for staff to deliver it (the console's to-do count and its "paid, not delivered"
 * queue): owesDelivery, except while the shop is still buying its codes from a supplier; once every
 * purchase is delivered, failed over or waits for staff (ADR-055), it is staff's again.
 */
export const waitsForStaffDelivery = (o: FactsRow & { buyingFromSupplier: boolean }): boolean => owesDelivery(o) && !o.buyingFromSupplier
export const waitsForStaffDeliverySql = (alias?: string): SQL => sql`(${owesDeliverySql(alias)} and not ${buyingFromSupplierSql(alias)})`

/**
 * An order whose subscriptions may run: paid or partly refunded (a refunded, cancelled or held order runs
 * none). A line runs from its delivery until its end (runningSubscriptionLine); a DM order runs its days.
 */
export const subscriptionsRun = (o: FactsRow): boolean => isPaid(o)
export const subscriptionsRunSql = (alias?: string): SQL => isPaidSql(alias)
/**
 * Whether an order's subscription end is shown at all (its page, My orders): one whose subscriptions run,
 * or one still waiting for its money (a DM order counts its days from when it was placed). A refunded,
 * cancelled, expired, failed or held order shows no end, no days left, no Renew.
 */
export const showsSubscriptionEnd = (o: FactsRow): boolean => subscriptionsRun(o) || awaitingPayment(o)
/** A delivered subscription line of such an order whose end is still ahead. */
export const runningSubscription = (o: FactsRow, endsAt: Date | string | null | undefined, now: number = Date.now()): boolean =>
	subscriptionsRun(o) && endsAt != null && new Date(endsAt).getTime() > now

/**
 * Payment states in which an order holds no use of its discount code: it let the use go (expired,
 * cancelled), its money came after its cancel (it takes the use again only when staff reinstate it,
 * under the code's lock), or all of its money went back. Every move out of one of these into a state
 * that holds a use takes the use again under the code's lock (retakeCouponUse), so a code's uses never
 * exceed its limit.
 */
export const STATES_WITHOUT_COUPON_USE = ['expired', 'cancelled', 'paid_after_cancel', 'refunded'] as const satisfies readonly PaymentState[]
export const holdsCouponUse = (o: FactsRow): boolean => !has(STATES_WITHOUT_COUPON_USE, o.paymentStatus)
export const holdsCouponUseSql = (alias?: string): SQL => sql`${column(alias, 'payment_status')} not in ${list(STATES_WITHOUT_COUPON_USE)}`

/** Closed without money: expired or cancelled. Such an order is no buyer's order (first-order codes). */
export const CLOSED_UNPAID_STATES = ['expired', 'cancelled'] as const satisfies readonly PaymentState[]
export const closedUnpaid = (o: FactsRow): boolean => has(CLOSED_UNPAID_STATES, o.paymentStatus)
export const closedUnpaidSql = (alias?: string): SQL => inStates(alias, 'payment_status', CLOSED_UNPAID_STATES)

/** The payment failed or its time ran out: the buyer is told so (and may try again). */
export const PAYMENT_FAILED_STATES = ['failed', 'expired'] as const satisfies readonly PaymentState[]
export const paymentFailed = (o: FactsRow): boolean => has(PAYMENT_FAILED_STATES, o.paymentStatus)
export const paymentFailedSql = (alias?: string): SQL => inStates(alias, 'payment_status', PAYMENT_FAILED_STATES)

/**
 * Staff rejected the transfer receipt (the payment failed, a transfer its way of paying): the buyer may
 * send a new receipt, pay online instead, or write to the shop; staff may reopen it.
 */
export const isRejectedTransfer = (o: FactsRow): boolean => o.paymentStatus === 'failed' && o.paymentMethod === 'manual'
export const isRejectedTransferSql = (alias?: string): SQL => sql`(${column(alias, 'payment_status')} = 'failed' and ${column(alias, 'payment_method')} = 'manual')`

/** Still waiting for its money (the buyer may pay, staff may confirm). */
export const awaitingPayment = (o: FactsRow): boolean => has(UNPAID_STATES, o.paymentStatus)
export const awaitingPaymentSql = (alias?: string): SQL => inStates(alias, 'payment_status', UNPAID_STATES)

/** How an order still waiting for its money waits, for the words a buyer reads. */
export type AwaitingKind = 'online' | 'transfer' | 'transferReview' | 'dm'
/** 'online' (PayPro), 'transfer' (no receipt yet), 'transferReview' (a receipt staff look at), 'dm' (arranged in the chat); null when not waiting. */
export function awaitingKind(o: FactsRow): AwaitingKind | null {
	if (!awaitingPayment(o)) return null
	if (o.paymentMethod === 'dm') return 'dm'
	if (o.paymentMethod === 'manual') return o.paymentStatus === 'awaiting_confirmation' ? 'transferReview' : 'transfer'
	return o.paymentMethod === 'paypro' ? 'online' : null
}
/**
 * Waiting for the buyer to pay, with nothing for staff to do: an online order not paid yet, or a
 * transfer without its receipt. Such an order gets the payment reminders (payment-reminders.ts).
 */
export const waitsForBuyerToPay = (o: FactsRow): boolean => o.paymentStatus === 'awaiting_payment' && (o.paymentMethod === 'paypro' || o.paymentMethod === 'manual')
export const waitsForBuyerToPaySql = (alias?: string): SQL =>
	sql`(${column(alias, 'payment_status')} = 'awaiting_payment' and ${column(alias, 'payment_method')} in ('paypro', 'manual'))`

/**
 * The guards a payment command starts from (ADR-036): the exact state a move begins at, named once here
 * so that no command compares a state with a literal.
 */
/** Placed and not paid, with no receipt before staff: a method may still change, a PayPro page be opened. */
export const openForPayment = (o: FactsRow): boolean => o.paymentStatus === 'awaiting_payment'
export const openForPaymentSql = (alias?: string): SQL => sql`${column(alias, 'payment_status')} = 'awaiting_payment'`
/** Paid and nothing returned yet: what confirming the same payment twice finds, and what a test payment's approval needs. */
export const paidWithNothingReturned = (o: FactsRow): boolean => o.paymentStatus === 'paid'
/** The money arrived, whether the order was still open (paid) or had been cancelled (paid after cancel): a replayed confirmation finds it so. */
export const paymentArrived = (o: FactsRow): boolean => o.paymentStatus === 'paid' || heldAfterCancel(o)
/** Cancelled before its money arrived. */
export const cancelledUnpaid = (o: FactsRow): boolean => o.paymentStatus === 'cancelled'

/** Waiting for PayPro's money. */
export const awaitingOnlinePaymentSql = (alias?: string): SQL => sql`(${awaitingPaymentSql(alias)} and ${column(alias, 'payment_method')} = 'paypro')`
/** A bank transfer not paid yet (with or without a receipt). */
export const awaitingTransferSql = (alias?: string): SQL => sql`(${awaitingPaymentSql(alias)} and ${column(alias, 'payment_method')} = 'manual')`
