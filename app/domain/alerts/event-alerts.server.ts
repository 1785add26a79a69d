// What each event says to staff: the order number, the amount, the products and the buyer's masked
// email at most, and a console link. Never a code, a password, a phone or a full address.
import type { OrderLine } from '../../db/schema'
import { formatRs } from '../../utils/money'
import { absoluteUrl as link } from '../../utils/origin.server'
import { maskEmail } from './alert-events'
import type { StaffAlert } from './queue-alert.server'

interface AlertOrder {
	orderNumber: string
	totalAmount: number
	customerEmail: string | null
	productDetails?: Pick<OrderLine, 'name' | 'quantity'>[]
}

const products = (o: AlertOrder) => (o.productDetails ?? []).map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.name}` : l.name)).join(', ')

function orderLines(o: AlertOrder): string[] {
	return [
		`Order ${o.orderNumber}: ${formatRs(o.totalAmount)}`,
		...(products(o) ? [products(o)] : []),
		...(o.customerEmail ? [`Buyer: ${maskEmail(o.customerEmail)}`] : []),
		link(`/admin/orders/${o.orderNumber}`),
	]
}

export const receiptAlert = (o: AlertOrder & { receiptSha256: string | null }): StaffAlert => ({
	event: 'transfer-receipt',
	key: `receipt:${o.orderNumber}:${o.receiptSha256 ?? ''}`,
	subject: `Transfer receipt to check: ${o.orderNumber}`,
	text: ['A buyer uploaded a transfer receipt. Check it and confirm or reject the payment.', '', ...orderLines(o)].join('\n'),
})

export const handDeliveryAlert = (o: AlertOrder): StaffAlert => ({
	event: 'hand-delivery',
	key: `hand-delivery:${o.orderNumber}`,
	subject: `Paid, deliver by hand: ${o.orderNumber}`,
	text: ['An order is paid and has items to deliver by hand.', '', ...orderLines(o)].join('\n'),
})

export const stockQueueAlert = (o: AlertOrder, owed: number): StaffAlert => ({
	event: 'stock-queue',
	key: `stock-queue:${o.orderNumber}`,
	subject: `Paid, waiting for stock: ${o.orderNumber}`,
	text: [`An order is paid but ${owed === 1 ? '1 unit waits' : `${owed} units wait`} for stock. Import more to deliver it.`, '', ...orderLines(o)].join('\n'),
})

/** `note`: what staff must know besides (a late payment whose discount code was used up meanwhile: refund it). */
export const paidAfterCancelAlert = (o: AlertOrder, note?: string): StaffAlert => ({
	event: 'paid-after-cancel',
	key: `paid-after-cancel:${o.orderNumber}`,
	subject: `Paid after its cancel: ${o.orderNumber}`,
	text: [note ?? 'A payment arrived for a cancelled order. Reinstate or refund it.', '', ...orderLines(o)].join('\n'),
})

export const refundAlert = (o: AlertOrder, refund: { id: number; amount: number; method: string; by: string }): StaffAlert => ({
	event: 'refund',
	key: `refund:${refund.id}`,
	subject: `Refund of ${formatRs(refund.amount)}: ${o.orderNumber}`,
	text: [`${formatRs(refund.amount)} refunded by ${refund.method} (by ${refund.by}).`, '', ...orderLines(o)].join('\n'),
})

export const stockLowAlert = (v: { productId: number; productName: string; label: string; available: number; threshold: number; variantId: number; newestUnitId: number }): StaffAlert => {
	const out = v.available === 0
	return {
		event: out ? 'stock-out' : 'stock-low',
		key: `stock-${out ? 'out' : 'low'}:${v.variantId}:${v.newestUnitId}`,
		subject: out ? `Out of stock: ${v.productName} (${v.label})` : `Low stock: ${v.productName} (${v.label})`,
		text: [
			out
				? `${v.productName} (${v.label}) has no stock left. Paid orders for it wait in the delivery queue on the dashboard until you import more.`
				: `${v.productName} (${v.label}) has ${v.available} left, at or below its threshold of ${v.threshold}.`,
			'',
			`Import more here: ${link(`/admin/products/${v.productId}/stock`)}`,
		].join('\n'),
	}
}

/** A buyer wrote through the contact form: its subject and a masked address, never the message itself (it may carry a phone or an order's details). */
export const contactMessageAlert = (m: { id: number; email: string; subject: string | null }): StaffAlert => ({
	event: 'contact-message',
	key: `contact:${m.id}`,
	subject: m.subject ? `New contact message: ${m.subject}` : 'New contact message',
	text: ['A buyer wrote through the contact form. Read and answer it in the inbox.', '', `From: ${maskEmail(m.email)}`, link('/admin/inbox')].join('\n'),
})

export const failedWorkAlert = (job: { id: number; kind: string; attempts: number }, error: string): StaffAlert => ({
	event: 'failed-work',
	key: `failed-job:${job.id}`,
	subject: job.kind === 'send-email' ? 'An email could not be sent' : `A background job failed: ${job.kind}`,
	// The error's first line only: providers may echo what was sent.
	text: [`${job.kind === 'send-email' ? 'An email' : `The job ${job.kind}`} failed ${job.attempts} times and stopped.`, `Last error: ${error.split('\n')[0]!.slice(0, 200)}`, link(job.kind === 'send-email' ? '/admin/outbox' : '/admin/jobs')].join('\n'),
})
