// Orders in each state, put there the way the shop puts them: placed by the checkout
// (tests/setup/payments.ts placeOrder) or staff's DM form, then moved by the domain's own commands
// (a receipt sent, a payment confirmed, an order expired, cancelled, refunded, delivered…), so a test
// never writes a state the shop could not reach. Only timestamps may be moved back (backdateOrder),
// for a test that needs an order from the past; its states still come from the commands.
import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../app/db/client.server'
import { orderLines, orders, refunds, stockAssignments } from '../../app/db/schema'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { shopFileStore } from '../../app/domain/files/file-store.server'
import { updateOrderFulfillment } from '../../app/domain/fulfillment/update-order-fulfillment.server'
import { cancelOrder } from '../../app/domain/orders/cancel-order.server'
import type { Order } from '../../app/domain/orders/order'
import type { DeliveryState, PaymentState } from '../../app/domain/orders/order-state'
import { attachReceipt } from '../../app/domain/payments/attach-receipt.server'
import { confirmPayproPayment } from '../../app/domain/payments/confirm-paypro-payment.server'
import { markOrderPaid, recordPaymentAfterCancel, stopAwaitingPayment } from '../../app/domain/payments/mark-order-paid.server'
import { confirmTransfer } from '../../app/domain/payments/review-transfer.server'
import { startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import { refundInput } from '../../app/domain/refunds/refund-input'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { HAND_UNIT, isDelivery, isHiddenHand } from '../../app/domain/orders/delivered-units'
import { revealOrder, revealUnitOf } from '../../app/domain/orders/reveal-delivery.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import type { PayProClient } from '../../app/integrations/paypro/client.server'
import type { FakePayPro } from '../fakes/paypro-server'
import { checkoutBody, orderRow, placeOrder, png } from './payments'

/** The shop's owner, as the console's commands record them. */
export const owner: Actor = { staffId: null, label: 'owner@example.pk' }

type Placed = Pick<Order, 'id' | 'orderNumber'>

/** Room enough for every receipt a test sends. */
const RECEIPT_LIMITS = { perAddressBytesPerDay: 50 * 1024 * 1024, totalBytes: 500 * 1024 * 1024 }

/** A transaction ID of the order's own (its number's letters and digits): one order per TID. */
export const tidOf = (order: Pick<Order, 'orderNumber'>) => `TID${order.orderNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`.slice(0, 40)

/** The buyer's transfer receipt (a real PNG) stored as the order page stores it, with its TID and payer (the order's own unless said): the order waits for staff. */
export function sendReceipt(
	db: Db,
	order: Order,
	{ bytes = png(), uploader = '203.0.113.9', transactionId = tidOf(order), payerAccount = `${order.customerName ?? 'Buyer'}, JazzCash` }: { bytes?: Uint8Array; uploader?: string; transactionId?: string; payerAccount?: string } = {},
): Promise<Order> {
	return attachReceipt(db, shopFileStore(db), order, bytes, { uploader, limits: RECEIPT_LIMITS, transfer: { transactionId, payerAccount } })
}

/** Paid by transfer: the receipt sent, then confirmed by staff (delivered from stock as far as it goes). */
export async function payByTransfer(db: Db, order: Order, note = 'Seen in the bank app'): Promise<Order> {
	await sendReceipt(db, order)
	await confirmTransfer(db, owner, order.orderNumber, note)
	return (await orderRow(db, order.orderNumber))!
}

/** Paid as PayPro reports a payment (the callback's and the status check's path); a test payment when PayPro's simulator took it. */
export async function payByProvider(db: Db, order: Placed, { testPayment = false }: { testPayment?: boolean } = {}): Promise<Order> {
	await markOrderPaid(db, order.id, { via: 'confirmByProvider', testPayment })
	return (await orderRow(db, order.orderNumber))!
}

/** The buyer opens PayPro's hosted page (the fake PayPro) and pays there; with `confirm`, the shop asks PayPro and marks it paid. */
export async function payAtPayPro(db: Db, { fake, paypro }: { fake: FakePayPro; paypro: PayProClient }, order: Order, { confirm = true }: { confirm?: boolean } = {}): Promise<Order> {
	await startPayproPayment(db, paypro, order)
	fake.pay(order.orderNumber)
	if (confirm) await confirmPayproPayment(db, paypro, order.orderNumber)
	return (await orderRow(db, order.orderNumber))!
}

/** Left unpaid past its time: the sweep's move. */
export async function expireOrder(db: Db, order: Placed): Promise<void> {
	if (!(await stopAwaitingPayment(db, order.id, 'expire'))) throw new Error(`${order.orderNumber} could not expire`)
}

/** PayPro reported the payment failed. */
export async function failOrder(db: Db, order: Placed): Promise<void> {
	if (!(await stopAwaitingPayment(db, order.id, 'failByProvider'))) throw new Error(`${order.orderNumber} could not fail`)
}

/** Cancelled unpaid by staff, with a reason. */
export const cancelUnpaid = (db: Db, order: Placed, reason = 'Buyer asked on WhatsApp') => cancelOrder(db, owner, order.orderNumber, { reason })

/** Cancelled by staff, then PayPro's money arrived anyway: kept as paid after cancel, for staff to reinstate or refund. */
export async function payAfterCancel(db: Db, order: Placed, reason?: string): Promise<Order> {
	await cancelUnpaid(db, order, reason)
	if (!(await recordPaymentAfterCancel(db, order.id))) throw new Error(`${order.orderNumber} was not kept as paid after cancel`)
	return (await orderRow(db, order.orderNumber))!
}

/** Money given back by staff (in full when `amount` is all that is left: refunded; else partly refunded). */
export const refundMoney = (db: Db, order: Placed, amount: number, extra: Record<string, unknown> = {}) =>
	refundOrder(db, owner, order.orderNumber, refundInput.parse({ amount, method: 'bank', reason: 'Buyer asked', ...extra }))

/**
 * The buyer taps Reveal on every unit their order page hides (ADR-050), as the page's forms do: then
 * the order's full view shows everything it delivered. Answers that view.
 */
export async function revealAllAsBuyer(db: Db, order: Pick<Order, 'orderNumber'>) {
	const row = (await orderRow(db, order.orderNumber))!
	const content = (await revealOrder(db, row)).deliveryContent
	const hidden: (number | typeof HAND_UNIT)[] = isHiddenHand(content) ? [HAND_UNIT] : isDelivery(content) ? content.lines.flatMap((line) => line.units.flatMap((unit) => (unit.kind === 'hidden' && unit.id != null ? [unit.id] : []))) : []
	for (const unitId of hidden) await revealUnitOf(db, { orderId: row.id, unitId, view: 'order-page', by: { kind: 'buyer' }, client: { address: '203.0.113.1', device: 'TestPhone/1' } })
	return revealOrder(db, (await orderRow(db, order.orderNumber))!)
}

/** A gift card (Steam Card, $10 at Rs. 3,300) with these codes in stock, oldest first: what an order paid from stock takes. */
export async function cardInStock(db: Db, codes: string[]): Promise<{ productId: number; variantId: number }> {
	const product = await createProduct(
		db,
		owner,
		createProductInput.parse({ name: 'Steam Card', platform: 'pc', kind: 'gift_card', description: 'Delivered on the order page.', variants: [{ label: '$10 USD', value: 10, price: 3300 }] }),
	)
	const variantId = product.variants[0]!.id
	await importStock(db, owner, product.id, { variantId, kind: 'code', units: codes.map((code) => ({ code })) })
	return { productId: product.id, variantId }
}

/**
 * One card bought by transfer and confirmed by staff, so delivered from stock at once and ready to
 * reveal: the paid order, its line, its delivered unit (the assignment's id, the Reveal's `unitId`)
 * and the cookie of its link (whoever holds it sees the order in full).
 */
export async function paidFromStock(db: Db, card: { productId: number; variantId: number }, { email, name = 'Sara Ahmed', note = 'Paid from stock' }: { email: string; name?: string; note?: string }) {
	const placed = await placeOrder(db, checkoutBody([{ id: card.productId, quantity: 1, variantId: card.variantId }], { paymentMethod: 'manual', customerEmail: email, customerName: name }))
	const row = await payByTransfer(db, placed, note)
	const [line] = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, row.id))
	const [unit] = await db.select({ id: stockAssignments.id }).from(stockAssignments).where(eq(stockAssignments.orderId, row.id))
	return { row, lineId: line!.id, unitId: unit!.id, cookie: `oa_${row.orderNumber}=${row.accessToken}` }
}

/** Staff move a paid order's delivery on (to completed: delivered, with its content when given), as the console does. */
export async function moveDelivery(db: Db, order: Placed, status: DeliveryState, content?: string): Promise<Order> {
	await updateOrderFulfillment(db, owner, { orderNumber: order.orderNumber, updates: { fulfillment_status: status, ...(content === undefined ? {} : { delivery_content: content }) } })
	return (await orderRow(db, order.orderNumber))!
}

/** The timestamps a test may move back; never a state. `deliverySeenAt`: an order whose page showed its codes before reveals were recorded per unit (ADR-050). */
type OrderTimes = Partial<Record<'createdAt' | 'updatedAt' | 'paidAt' | 'deliveredAt' | 'receiptUploadedAt' | 'payproClaimedAt' | 'deliverySeenAt', Date | SQL>>

/**
 * The one way tests move time for orders: their timestamps set in the past (or to a moment), as if
 * they had waited that long; their states stay what the commands made them.
 */
export async function backdateOrders(db: Db, orderNumbers: string | string[], times: OrderTimes): Promise<void> {
	await db
		.update(orders)
		.set(times)
		.where(inArray(orders.orderNumber, ([] as string[]).concat(orderNumbers)))
}

/** An order's creation moved back `minutes`, as if it had waited that long. */
export const ageOrder = (db: Db, orderNumber: string, minutes: number) => backdateOrders(db, orderNumber, { createdAt: sql`now() - make_interval(mins => ${minutes})` })

/** Refunds' timestamps moved to `at` (an order's refunds, or all of them), as if staff had given the money back then. */
export async function backdateRefunds(db: Db, at: Date, orderId?: number): Promise<void> {
	await db
		.update(refunds)
		.set({ createdAt: at })
		.where(orderId === undefined ? undefined : eq(refunds.orderId, orderId))
}

/**
 * History no command makes any more: a transfer waiting for staff with its receipt kept as shops
 * kept receipts before the file store (a path under DATA_DIR/uploads, `receipts/<name>`), for the
 * tests of moving and sweeping those files.
 */
export async function waitingWithReceiptOnDisk(db: Db, orderNumber: string, receiptPath: string): Promise<void> {
	await db.update(orders).set({ paymentStatus: 'awaiting_confirmation', receiptPath }).where(eq(orders.orderNumber, orderNumber))
}

/**
 * History no command makes: an order's address as checkout no longer writes it, and as no command
 * changes it once placed. For the tests of an address kept as typed before checkout trimmed and
 * lowered addresses (customers), and of a buyer still signed in whose address has no order any more
 * (My orders): the order's address set to `email`, its states untouched.
 */
export async function addressAsOnceStored(db: Db, orderNumber: string, email: string): Promise<void> {
	await db.update(orders).set({ customerEmail: email }).where(eq(orders.orderNumber, orderNumber))
}

/**
 * A state no command reaches today: a transfer's receipts still kept on an order back to waiting for
 * payment (pay-again reopens only failed online payments, and a receipt makes an order a transfer),
 * as orders left so before may be. The expiry sweep must still drop their files: the receipt tests.
 */
export async function waitingAgainWithReceipts(db: Db, orderNumber: string): Promise<void> {
	await db.update(orders).set({ paymentStatus: 'awaiting_payment' }).where(eq(orders.orderNumber, orderNumber))
}

/**
 * States no command reaches, for the test of the order's named facts over every payment state ×
 * delivery state × test payment (tests/integration/order-facts.test.ts): a delivery moved on before
 * the order was paid, a test payment refunded or never paid, a step the commands refuse. The order
 * stays as the commands placed it; only its two states, its test flag and what was given back are set.
 */
export async function stateNoCommandReaches(
	db: Db,
	orderNumber: string,
	state: { paymentStatus: PaymentState; deliveryStatus: DeliveryState; testPayment: boolean; refundedAmount: number },
): Promise<void> {
	await db.update(orders).set(state).where(eq(orders.orderNumber, orderNumber))
}
