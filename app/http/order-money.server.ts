import { db } from '../db/client.server'
import { cancelOrder } from '../domain/orders/cancel-order.server'
import { reinstateOrder } from '../domain/payments/reinstate-order.server'
import { reopenTransfer } from '../domain/payments/review-transfer.server'
import { cancelForm, refundForm, refundFormLines, refundInput, REFUND_MESSAGES, type RefundFormLine } from '../domain/refunds/refund-input'
import { refundOrder } from '../domain/refunds/refund-order.server'
import { staffActor } from '../domain/staff/audit.server'
import type { Staff } from '../domain/staff/sessions.server'
import { AppError } from '../utils/app-error'
import { invalidInput } from '../utils/field-errors'
import { formatRs } from '../utils/money'
import { staffActionResult } from './refusal.server'

// The console order page's money forms (issue 23): cancel, refund, reinstate, reopen a rejected transfer, through the same domain
// calls as the console API, which check who may (what the page shows: domain/refunds/order-money.server.ts).

export async function orderMoneyAction(staff: Staff, orderNumber: string, intent: 'cancel' | 'refund' | 'reinstate' | 'reopen-transfer', form: Record<string, string>) {
	const actor = staffActor(staff)
	return staffActionResult(
		async () => {
			if (intent === 'cancel') {
				const fields = cancelForm.safeParse(form)
				if (!fields.success) throw invalidInput(fields.error)
				await cancelOrder(db(), actor, orderNumber, fields.data)
				return `Order ${orderNumber} is cancelled. The buyer has been emailed.`
			}
			if (intent === 'reopen-transfer') {
				await reopenTransfer(db(), actor, orderNumber, form.note ?? '')
				return `Order ${orderNumber}’s transfer is reopened: confirm it on Transfers once you have checked the money.`
			}
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
