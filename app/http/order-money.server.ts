import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.server'
import { db } from '../db/client.server'
import { orderLines } from '../db/schema'
import { cancelOrder } from '../domain/orders/cancel-order.server'
import type { Order } from '../domain/orders/order'
import { reinstateOrder } from '../domain/payments/reinstate-order.server'
import { cancelForm, refundForm, refundFormLines, refundInput, REFUND_MESSAGES, type RefundFormLine } from '../domain/refunds/refund-input'
import { refundOrder } from '../domain/refunds/refund-order.server'
import { refundsOf } from '../domain/refunds/list-refunds.server'
import { leftToRefund } from '../domain/refunds/refundable'
import { orderStockUnits } from '../domain/stock/order-stock.server'
import { staffActor } from '../domain/staff/audit.server'
import { canRefund, permissionRefusal } from '../domain/staff/permissions'
import type { Staff } from '../domain/staff/sessions.server'
import { AppError } from '../utils/app-error'
import { invalidInput } from '../utils/field-errors'
import { formatRs } from '../utils/money'
import { staffActionResult } from './refusal.server'

// The console order page's money (issue 23): what it shows (refunds, lines that may be refunded, the
// cancel's reason) and its three forms' answers, through the same domain calls as the console API.

export async function orderMoney(database: Db, order: Order, staff: Staff) {
	const rows = await database
		.select({ id: orderLines.id, position: orderLines.position, name: orderLines.name, option: orderLines.optionLabel, quantity: orderLines.quantity, lineTotal: orderLines.lineTotal, refundedQuantity: orderLines.refundedQuantity })
		.from(orderLines)
		.where(eq(orderLines.orderId, order.id))
		.orderBy(asc(orderLines.position))
	// The delivered units still held, each ticked on its own; the form says the ones the buyer has seen can only be voided.
	const held = (await orderStockUnits(database, order.id)).filter((u) => !u.replacedAt)
	const lines = rows.map(({ position, ...line }) => ({ ...line, units: held.filter((u) => u.lineIndex === position).map((u) => ({ assignmentId: u.assignmentId, masked: u.masked, seen: u.seenByBuyer })) }))
	return {
		cancelReason: order.cancelReason,
		cancelledAt: order.cancelledAt?.toISOString() ?? null,
		refundedAmount: order.refundedAmount,
		left: leftToRefund(order),
		refunds: await refundsOf(database, order.id),
		lines,
		mayRefund: canRefund(staff),
	}
}

export async function orderMoneyAction(staff: Staff, orderNumber: string, intent: 'cancel' | 'refund' | 'reinstate', form: Record<string, string>) {
	const actor = staffActor(staff)
	return staffActionResult(
		async () => {
			if (intent === 'cancel') {
				const fields = cancelForm.safeParse(form)
				if (!fields.success) throw invalidInput(fields.error)
				await cancelOrder(db(), actor, orderNumber, fields.data)
				return `Order ${orderNumber} is cancelled. The buyer has been emailed.`
			}
			if (!canRefund(staff)) throw new AppError('FORBIDDEN', permissionRefusal('refunds'))
			if (intent === 'reinstate') {
				await reinstateOrder(db(), actor, orderNumber)
				return `Order ${orderNumber} is reinstated: paid, and delivered as any paid order.`
			}
			const fields = refundForm.safeParse(form)
			if (!fields.success) throw invalidInput(fields.error)
			let lines: RefundFormLine[]
			try {
				lines = refundFormLines(form)
			} catch {
				throw new AppError('BAD_REQUEST', REFUND_MESSAGES.lineQuantity, { lines: REFUND_MESSAGES.lineQuantity })
			}
			const input = refundInput.safeParse({ ...fields.data, amount: fields.data.amount ? Number(fields.data.amount) : undefined, reference: fields.data.reference || undefined, lines: lines.length ? lines : undefined })
			if (!input.success) throw invalidInput(input.error)
			const done = await refundOrder(db(), actor, orderNumber, input.data)
			return `Refunded ${formatRs(done.amount)} on order ${orderNumber}${done.refundable ? ` (${formatRs(done.refundable)} left)` : ' in full'}. The buyer has been emailed.`
		},
		{ intent, values: form },
	)
}
