import { emailLanguage, orderLang } from './email-language.server'
import type { OrderRow as Order } from '../orders/order'
import { orderLink } from '../orders/order-token.server'
import type { TransferAccount } from '../settings/store-details'
import { orderPlacedHtml } from '../../integrations/email/html/templates.server'
import { formatRs } from '../../utils/money'
import { discountOf } from '../coupons/coupon'
import type { QueuedEmail } from './queue-email.server'
import { amountDue } from '../orders/amount-due'

/**
 * After checkout, for an order paid by bank or wallet transfer ('manual'): the amount, the accounts
 * to pay (the one the order was shown first, as `orders.transfer_account_id` names it, then the
 * others shown now), each with its IBAN and Raast ID, and the order link where the receipt is uploaded. PayPro orders get the paid email instead.
 */
export function orderPlacedEmail(order: Order, storeName: string, accounts: TransferAccount[]): QueuedEmail {
	const { lang, t, url } = emailLanguage(orderLang(order))
	const orderUrl = url(orderLink(order))
	const name = order.customerName ?? t('email.there')
	const total = formatRs(amountDue(order))
	const off = 'productDetails' in order ? discountOf((order as Order & { productDetails: { discount?: number }[] }).productDetails) : 0
	const discount = off > 0 ? formatRs(off) : null
	// Each account with its IBAN and Raast ID as the order page shows them, written without spaces: an email has no copy button, and apps want them whole.
	const rows = accounts.map((a) => ({
		label: a.method,
		lines: [a.account, t('email.placed.holder', { holder: a.holder }), ...(a.iban ? [t('email.placed.iban', { iban: a.iban })] : []), ...(a.raastId ? [t('email.placed.raast', { raast: a.raastId })] : [])],
	}))
	return {
		dedupeKey: `order-placed:${order.orderNumber}`,
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: t('email.placed.subject', { orderNumber: order.orderNumber, total }),
		templateId: null,
		params: { NAME: name, ORDER_ID: order.orderNumber, TOTAL: total, TRACKING_URL: orderUrl },
		text: [
			t('email.hi', { name }),
			'',
			t('email.placed.send', { orderNumber: order.orderNumber, total }),
			...(discount ? [t('email.placed.discount', { discount })] : []),
			'',
			...rows.map((r) => `${r.label}: ${r.lines.join(' · ')}`),
			'',
			t('email.placed.reference', { orderNumber: order.orderNumber }),
			'',
			t('email.placed.upload', { url: orderUrl }),
			'',
			t('email.placed.deliver'),
			'',
			t('email.thanks', { store: storeName }),
		].join('\n'),
		html: orderPlacedHtml({ storeName, lang, t, shopUrl: url('/'), name, orderNumber: order.orderNumber, total, discount, accounts: rows, orderUrl }),
		orderNumber: order.orderNumber,
	}
}
