import type { OrderRow as Order } from '../orders/order'
import { orderLink } from '../orders/order-token.server'
import type { TransferAccount } from '../settings/store-details'
import { orderPlacedHtml } from '../../integrations/email/html/templates.server'
import { formatRs } from '../../utils/money'
import { discountOf } from '../coupons/coupon'
import { absoluteUrl } from '../../utils/origin.server'
import type { QueuedEmail } from './queue-email.server'

/**
 * After checkout, for an order paid by bank or wallet transfer ('manual'): the amount, the accounts
 * to pay and the order link where the receipt is uploaded. PayPro orders get the paid email instead.
 */
export function orderPlacedEmail(order: Order, storeName: string, accounts: TransferAccount[]): QueuedEmail {
	const orderUrl = absoluteUrl(orderLink(order))
	const name = order.customerName ?? 'there'
	const total = formatRs(order.totalAmount)
	const off = 'productDetails' in order ? discountOf((order as Order & { productDetails: { discount?: number }[] }).productDetails) : 0
	const discount = off > 0 ? formatRs(off) : null
	const rows = accounts.map((a) => ({ label: a.method, lines: [a.account, `Account holder: ${a.holder}`] }))
	return {
		dedupeKey: `order-placed:${order.orderNumber}`,
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: `Order ${order.orderNumber} placed: pay ${total} by transfer`,
		templateId: null,
		params: { NAME: name, ORDER_ID: order.orderNumber, TOTAL: total, TRACKING_URL: orderUrl },
		text: [
			`Hi ${name},`,
			'',
			`Thank you for your order ${order.orderNumber}. Send ${total} to one of these accounts:`,
			...(discount ? [`(${discount} off with your discount code.)`] : []),
			'',
			...rows.map((r) => `${r.label}: ${r.lines.join(' · ')}`),
			'',
			`Write ${order.orderNumber} as the payment reference.`,
			'',
			`Then upload a screenshot of your payment receipt on your order page, which also keeps these accounts: ${orderUrl}`,
			'',
			'We deliver once the payment is confirmed.',
			'',
			`Thank you for shopping with ${storeName}.`,
		].join('\n'),
		html: orderPlacedHtml({ storeName, shopUrl: absoluteUrl('/'), name, orderNumber: order.orderNumber, total, discount, accounts: rows, orderUrl }),
		orderNumber: order.orderNumber,
	}
}
