import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orderLines, orders, refunds, stockAssignments, stockUnits } from '../../db/schema'
import { addCredit } from '../credit/credit.server'
import type { OrderRow } from '../orders/order'
import { AppError } from '../../utils/app-error'
import { formatRs } from '../../utils/money'
import { encryptDelivery } from '../fulfillment/delivery-crypto.server'
import { revealStateOf, seenByBuyer, type RevealState } from '../orders/reveal-delivery.server'
import { movePayment } from '../orders/order-state'
import { transition } from '../orders/order-store/transition.server'
import { recordRefund, recordRefundLine } from '../orders/order-store/order-rows.server'
import { readStoreDetails } from '../settings/store-details.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { deliveryText, stockLines } from '../stock/deliver-stock.server'
import { REFUND_MESSAGES, type RefundInput, type RefundMethod } from './refund-input'
import { leftToRefund, refundFigure } from './refundable'
import type { PaymentState } from '../orders/order-state'
import { COUPON_LAPSED } from '../coupons/coupon'
import { retakeCouponUse } from '../coupons/coupons.server'
import { requireGrant } from '../staff/permissions'
import { heldAfterCancel } from '../orders/order-facts'

// Giving money back on a paid order (issue 23), whole or per line, in one transaction that holds the
// order row: the refund and its lines, the units taken back (owed ones are owed no more; delivered ones
// are voided, or put back in stock when the buyer never opened them and staff say so), the order's
// payment state (`refundPart` or `refund`) and refunded amount, the buyer's email, the audit entry and
// the live notice. The amount never exceeds what the units taken back were sold for after their
// discount, nor what was paid minus earlier refunds (also a CHECK): `refundable.ts` (ADR-039). None
// given: that figure.

export interface RefundDone {
	id: number
	orderNumber: string
	amount: number
	method: RefundMethod
	reference: string | null
	reason: string
	paymentStatus: PaymentState
	refundedAmount: number
	/** What is left to refund on the order. */
	refundable: number
	lines: { lineId: number; quantity: number; undelivered: number; returned: number; voided: number }[]
	createdAt: string
}

const bad = (message: string, field: string) => new AppError('BAD_REQUEST', message, { [field]: message })

/** The delivered units staff ticked, among those the line holds; the rest of the quantity must be units still owed. */
function pickDelivered<T extends { a: { id: number } }>(ids: number[], live: T[], name: string, owed: number, quantity: number): T[] {
	const picked = ids.map((id) => live.find((l) => l.a.id === id))
	if (picked.some((p) => !p)) throw bad(`A unit ticked on ${name} is not held by this order any more (refunded or replaced meanwhile): reload the order and tick again.`, 'lines')
	if (quantity - ids.length > owed) throw bad(`Only ${owed} of ${name} ${owed === 1 ? 'is' : 'are'} not delivered yet: tick the delivered units taken back.`, 'lines')
	return picked as T[]
}

export async function refundOrder(db: Db, actor: Actor, orderNumber: string, request: RefundInput): Promise<RefundDone> {
	requireGrant(actor, 'refunds')
	return giveRefund(db, actor, orderNumber, request)
}

/** What a buyer's own return checks first, in the refund's transaction, the order row held (returnUnit). */
export interface RefundGate {
	/** Checks the order (held) and names the lines taken back. */
	check: (tx: Tx, order: OrderRow) => Promise<RefundInput['lines']>
	/** The credit entry's kind: a staff refund to credit, or a unit the buyer returned. */
	creditKind: 'refund' | 'returned_unit'
}

/** Money a refund may still give back other than as store credit: what was paid in money (not credit) minus money refunded before. */
async function moneyLeft(tx: Tx, order: OrderRow): Promise<number> {
	if (order.creditUsed === 0) return Math.max(0, order.totalAmount - order.refundedAmount)
	const [row] = await tx
		.select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
		.from(refunds)
		.where(and(eq(refunds.orderId, order.id), ne(refunds.method, 'credit')))
	return Math.max(0, order.totalAmount - order.creditUsed - (row?.sum ?? 0))
}

/** The refund itself (refundOrder, after its grant; returnUnit, after its own checks). */
export async function giveRefund(db: Db, actor: Actor, orderNumber: string, request: RefundInput, gate?: RefundGate): Promise<RefundDone> {
	const { storeName } = await readStoreDetails(db)
	return db.transaction((tx) => refundOrderIn(tx, actor, orderNumber, request, storeName, gate))
}

/** The refund itself, in the caller's transaction (the console's form, a claim's answer, a buyer's return); the caller checked the grant or its gate does. */
export async function refundOrderIn(tx: Tx, actor: Actor, orderNumber: string, request: RefundInput, storeName: string, gate?: RefundGate): Promise<RefundDone> {
	const units = request.units ?? 'void'
	// The order row held: a payment's delivery from stock, the stock queue and another refund wait for this one (or it for them).
	const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update')
	if (!order) throw new AppError('NOT_FOUND', `Order ${orderNumber} not found.`)
	const gated = gate ? await gate.check(tx, order) : undefined
	if (request.method === 'credit' && !order.customerEmail) throw bad(`Order ${orderNumber} has no email address: store credit belongs to an address. Refund another way.`, 'method')
	const left = leftToRefund(order)
	// The order's state first: both moves start from the same states, so the one chosen below cannot refuse.
	movePayment(orderNumber, order.paymentStatus, request.amount !== undefined && request.amount < left ? 'refundPart' : 'refund')
	if (request.amount !== undefined && request.amount > left) {
		throw bad(
			left === 0
				? `Nothing is left to refund on order ${orderNumber}.`
				: `${formatRs(request.amount)} is more than is left to refund on order ${orderNumber}: ${formatRs(left)} (paid ${formatRs(order.totalAmount)}${order.refundedAmount ? `, ${formatRs(order.refundedAmount)} refunded before` : ''}).`,
			'amount',
		)
	}
	const rows = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)).for('update')
	const asked = gated ?? request.lines ?? []
	for (const l of asked) {
		const line = rows.find((r) => r.id === l.lineId)
		if (!line) throw bad(`Line ${l.lineId} is not a line of order ${orderNumber}.`, 'lines')
		const open = line.quantity - line.refundedQuantity
		if (l.quantity > open) throw bad(open === 0 ? `${line.name} is refunded in full already.` : `Only ${open} of ${line.name} can still be refunded (you asked for ${l.quantity}).`, 'lines')
	}
	// What the units taken back were sold for after their discount: staff may give back less (goodwill), never more.
	const most = refundFigure(left, rows, asked)
	const input = { ...request, amount: request.amount ?? most }
	if (input.amount > most) throw bad(`${formatRs(input.amount)} is more than the units ticked were sold for: ${formatRs(most)}. Tick more units, or lower the amount.`, 'amount')
	if (input.amount < 1) throw bad(REFUND_MESSAGES.nothingTicked, 'amount')
	const move = input.amount >= left ? 'refund' : 'refundPart'
	const to = movePayment(orderNumber, order.paymentStatus, move)
	// Part of a payment after a cancel kept: the order holds its discount code's use again (holdsCouponUse), if it still may.
	if (heldAfterCancel(order) && move === 'refundPart') {
		const lapse = await retakeCouponUse(tx, order.id)
		if (lapse) throw new AppError('CONFLICT', COUPON_LAPSED.refundPart(orderNumber, lapse.code, lapse.why))
	}

	// Credit spent on the order goes back as credit: money refunded another way is at most what was paid in money (ADR-051).
	if (input.method !== 'credit') {
		const money = await moneyLeft(tx, order)
		if (input.amount > money) throw bad(`Only ${formatRs(money)} of order ${orderNumber} can go back by ${input.method === 'paypro' ? 'PayPro' : input.method}: ${formatRs(order.creditUsed)} was paid with store credit. Refund the rest to store credit.`, 'method')
	}
	const refund = await recordRefund(tx, order.id, actor, { amount: input.amount, method: input.method, reference: input.reference || null, reason: input.reason })
	if (input.method === 'credit') {
		await addCredit(tx, order.customerEmail!, { kind: gate?.creditKind ?? 'refund', amount: input.amount, orderId: order.id, refundId: refund.id, reason: input.reason, by: gate ? 'buyer' : actor })
	}
	const fromStock = new Set((await stockLines(tx, rows)).map((l) => l.lineId))
	const done: RefundDone['lines'] = []
	let noLongerOwed = 0
	let unitsTouched = false
	const now = new Date()
	// The units revealed, read once the order's row is held (a reveal holds it too: it came before, or finds the unit gone).
	let revealed: RevealState | undefined
	for (const l of asked) {
		const line = rows.find((r) => r.id === l.lineId)!
		// Units the buyer holds on this line, the latest first: those go back before earlier ones.
		const live = await tx
			.select({ a: stockAssignments, unit: { id: stockUnits.id, slots: stockUnits.slots, slotsUsed: stockUnits.slotsUsed, status: stockUnits.status } })
			.from(stockAssignments)
			.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
			.where(and(eq(stockAssignments.lineId, line.id), isNull(stockAssignments.replacedAt), isNull(stockAssignments.refundedAt)))
			.orderBy(desc(stockAssignments.unitIndex), desc(stockAssignments.id))
		const owed = order.undeliveredUnits > 0 && fromStock.has(line.id) ? Math.max(0, line.quantity - line.refundedQuantity - live.length) : 0
		// Delivered units ticked one by one: those; otherwise the owed ones first, then the latest delivered.
		const picked = l.delivered ? pickDelivered(l.delivered, live, line.name, owed, l.quantity) : undefined
		const undelivered = picked ? l.quantity - picked.length : Math.min(l.quantity, owed)
		const taken = picked ?? live.slice(0, Math.min(live.length, l.quantity - undelivered))
		let returned = 0
		let voided = 0
		for (const { a, unit } of taken) {
			if (units === 'return') {
				// A unit the buyer was shown (any page, or staff revealed it) is never sold again: only voided.
				if (seenByBuyer((revealed ??= await revealStateOf(tx, order.id)), { assignmentId: a.id, assignedAt: a.assignedAt })) throw bad(`The buyer has already opened the ${unit.slots > 1 ? 'account' : 'code'} delivered for ${line.name}: it cannot go back to stock. Void it instead.`, 'units')
				if (unit.slotsUsed !== a.slot || unit.status === 'voided') throw bad(`A unit of ${line.name} has been sold again since, or voided: it cannot go back to stock. Void it instead.`, 'units')
				await tx.delete(stockAssignments).where(eq(stockAssignments.id, a.id))
				await tx.update(stockUnits).set({ slotsUsed: unit.slotsUsed - 1, status: 'available' }).where(eq(stockUnits.id, unit.id))
				returned++
			} else {
				await tx.update(stockAssignments).set({ refundedAt: now }).where(eq(stockAssignments.id, a.id))
				await tx.update(stockUnits).set({ status: 'voided', voidReason: `Refunded on order ${orderNumber}: ${input.reason}`.slice(0, 500), voidedAt: now }).where(eq(stockUnits.id, unit.id))
				voided++
			}
			unitsTouched = true
		}
		noLongerOwed += undelivered
		await recordRefundLine(tx, refund.id, line.id, { quantity: l.quantity, undelivered, returned, voided })
		done.push({ lineId: line.id, quantity: l.quantity, undelivered, returned, voided })
	}

	const content = unitsTouched ? await deliveryText(tx, order) : undefined
	// The move tells the buyer (email, phones), staff (alert) and the open page.
	const next = await transition(
		tx,
		{ id: order.id },
		to === 'refunded' ? 'refund' : 'refundPart',
		{
			refundedAmount: order.refundedAmount + input.amount,
			// Refunded in full: nothing is owed any more; otherwise the units refunded before delivery.
			undeliveredUnits: to === 'refunded' ? 0 : Math.max(0, order.undeliveredUnits - noLongerOwed),
			...(content !== undefined ? { deliveryContent: content ? encryptDelivery(content) : null } : {}),
		},
		{ by: actor, storeName, facts: { refundId: refund.id, amount: input.amount, method: input.method, reference: refund.reference, reason: input.reason, by: actor.label } },
	)
	await recordAudit(tx, actor, {
		action: 'order.refund',
		orderNumber,
		before: { payment_status: order.paymentStatus, refunded: order.refundedAmount },
		after: { payment_status: to, refunded: next.refundedAmount, amount: input.amount, method: input.method, reference: refund.reference, units: asked.length ? units : 'none', lines: done },
		note: input.reason,
	})
	return {
		id: refund.id,
		orderNumber,
		amount: input.amount,
		method: input.method,
		reference: refund.reference,
		reason: input.reason,
		paymentStatus: to,
		refundedAmount: next.refundedAmount,
		refundable: next.totalAmount - next.refundedAmount,
		lines: done,
		createdAt: refund.createdAt.toISOString(),
	}
}
