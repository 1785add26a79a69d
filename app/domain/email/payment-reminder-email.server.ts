import { letterText, orderLetter } from './order-letter.server'
import type { OrderRow } from '../orders/order'
import { paymentReminderKey, type PaymentReminderKind } from '../orders/payment-reminders'
import { unsubscribeParts } from '../orders/renewal-unsubscribe.server'
import { formatRs } from '../../utils/money'
import type { QueuedEmail } from './queue-email.server'
import { paymentReminderHtml } from '../../integrations/email/html/templates.server'
import { amountDue } from '../orders/amount-due'

/**
 * An order left unpaid: how much, how to pay (online: the payment page; a transfer: the accounts and
 * the receipt upload, both on the order page), and the other way. In the order's language; a buyer
 * may stop these (the unsubscribe link and the one-click headers).
 */
export function paymentReminderEmail(order: OrderRow, kind: PaymentReminderKind, storeName: string): QueuedEmail {
	const { lang, t, name, orderUrl, shell } = orderLetter(order, storeName)
	const online = order.paymentMethod === 'paypro'
	const total = formatRs(amountDue(order))
	const unsubscribe = unsubscribeParts(order.customerEmail!, 'payment-reminders', lang)
	const words = { orderNumber: order.orderNumber, total }
	const text = online ? t('email.paymentReminder.online', words) : t('email.paymentReminder.transfer', words)
	const switchText = online ? t('email.paymentReminder.onlineSwitch') : t('email.paymentReminder.transferSwitch')
	const action = online ? t('email.paymentReminder.actionOnline') : t('email.paymentReminder.actionTransfer')
	return {
		dedupeKey: paymentReminderKey(order.orderNumber, kind),
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: t('email.paymentReminder.subject', { orderNumber: order.orderNumber }),
		templateId: null,
		params: { NAME: name, ORDER_ID: order.orderNumber, TOTAL: total, TRACKING_URL: orderUrl, UNSUBSCRIBE_URL: unsubscribe.url },
		text: letterText(t, { name, storeName, body: [text, '', `${action}: ${orderUrl}`, '', switchText, '', t('email.paymentReminder.paidAlready')], unsubscribeUrl: unsubscribe.url }),
		html: paymentReminderHtml({ ...shell, name, orderNumber: order.orderNumber, total, text, switchText, action, orderUrl, unsubscribeUrl: unsubscribe.url }),
		headers: unsubscribe.headers,
		orderNumber: order.orderNumber,
	}
}
