import type { Translate } from '../../i18n/catalogue'
import { emailLanguage, orderLang } from './email-language.server'
import type { OrderRow as Order } from '../orders/order'
import { orderLink } from '../orders/order-token.server'
import { formatRs } from '../../utils/money'
import type { QueuedEmail } from './queue-email.server'
import { orderNoticeHtml } from '../../integrations/email/html/templates.server'
import { REFUND_METHOD_LABELS, type RefundMethod } from '../refunds/refund-input'

// What the buyer is told when staff cancel their order, give money back, or a payment arrives after
// a cancel: written to the outbox in the transaction that makes the change (queueEmail).

function notice(order: Order, storeName: string, make: (t: Translate) => { key: string; subject: string; title: string; paragraphs: string[]; facts?: [string, string][] }): QueuedEmail {
	const { lang, t, url } = emailLanguage(orderLang(order))
	const { key, subject, title, paragraphs, facts = [] } = make(t)
	const trackingUrl = url(orderLink(order))
	const name = order.customerName ?? t('email.there')
	const all = [t('email.hi', { name }), ...paragraphs]
	return {
		dedupeKey: key,
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject,
		templateId: null,
		params: { NAME: name, ORDER_ID: order.orderNumber, TRACKING_URL: trackingUrl },
		text: [...all.flatMap((p) => [p, '']), ...facts.map(([k, v]) => `${k}: ${v}`), ...(facts.length ? [''] : []), t('email.openOrderAt', { url: trackingUrl }), '', t('email.thanks', { store: storeName })].join('\n'),
		html: orderNoticeHtml({ storeName, lang, t, shopUrl: url('/'), title, paragraphs: all, facts, trackingUrl }),
		orderNumber: order.orderNumber,
	}
}

/** Staff cancelled an unpaid order: why, and that its payment link no longer works. */
export function orderCancelledEmail(order: Order, storeName: string, reason: string): QueuedEmail {
	return notice(order, storeName, (t) => ({
		key: `order-cancelled:${order.orderNumber}`,
		subject: t('email.cancelled.subject', { orderNumber: order.orderNumber }),
		title: t('email.cancelled.title'),
		paragraphs: [t('email.cancelled.text', { orderNumber: order.orderNumber }), t('email.reason', { reason }), t('email.cancelled.paid')],
	}))
}

/** Money given back: how much, how, and what is left of the order. */
export function orderRefundedEmail(order: Order, storeName: string, refund: { id: number; amount: number; method: string; reference: string | null; reason: string; full: boolean }): QueuedEmail {
	return notice(order, storeName, (t) => ({
		key: `order-refund:${order.orderNumber}:${refund.id}`,
		subject: refund.full ? t('email.refunded.subject', { orderNumber: order.orderNumber }) : t('email.refunded.subjectPartly', { orderNumber: order.orderNumber }),
		title: refund.full ? t('email.refunded.title') : t('email.refunded.titlePartly'),
		paragraphs: [t('email.refunded.text', { amount: formatRs(refund.amount), orderNumber: order.orderNumber }), ...(refund.method === 'credit' ? [t('email.refunded.credit')] : []), t('email.reason', { reason: refund.reason })],
		facts: [
			[t('email.refunded.amount'), formatRs(refund.amount)],
			[t('email.refunded.to'), refund.method in REFUND_METHOD_LABELS ? t(`email.refunded.method.${refund.method as RefundMethod}`) : refund.method],
			...(refund.reference ? [[t('email.refunded.reference'), refund.reference] as [string, string]] : []),
			[t('email.refunded.inAll'), formatRs(order.refundedAmount)],
		],
	}))
}

/** Staff could not confirm the buyer's transfer: why, and that money sent is never lost (the order page says what to do next). */
export function transferRejectedEmail(order: Order, storeName: string, reason: string): QueuedEmail {
	return notice(order, storeName, (t) => ({
		key: `transfer-rejected:${order.orderNumber}:${order.receiptSha256 ?? order.receiptPath ?? ''}`,
		subject: t('email.transferRejected.subject', { orderNumber: order.orderNumber }),
		title: t('email.transferRejected.title'),
		paragraphs: [t('email.transferRejected.text', { orderNumber: order.orderNumber }), t('email.reason', { reason }), t('email.transferRejected.next')],
	}))
}

/** PayPro's money arrived for an order staff had cancelled: kept, and staff will deliver or refund. */
export function paidAfterCancelEmail(order: Order, storeName: string): QueuedEmail {
	return notice(order, storeName, (t) => ({
		key: `order-paid-after-cancel:${order.orderNumber}`,
		subject: t('email.paidAfterCancel.subject', { orderNumber: order.orderNumber }),
		title: t('email.paidAfterCancel.title'),
		paragraphs: [t('email.paidAfterCancel.text', { orderNumber: order.orderNumber })],
	}))
}



/** Staff (or the shop, automatically) answered the buyer's claim that a unit did not work (ADR-052): replaced, or refused with the reason. A refund's own email tells that answer. */
export function claimAnsweredEmail(order: Order, storeName: string, claim: { id: number; answer: 'replace' | 'refuse'; reason: string; kind: string; masked: string }): QueuedEmail {
	return notice(order, storeName, (t) => {
		const unit = claim.masked ? t(claim.kind === 'account' ? 'claims.unit.account' : 'claims.unit.code', { masked: claim.masked }) : t('claims.unit.hand')
		return {
			key: `claim-answered:${claim.id}`,
			subject: t('claims.email.subject', { orderNumber: order.orderNumber }),
			title: t('claims.email.title'),
			paragraphs:
				claim.answer === 'replace'
					? [t('claims.email.replace', { unit, orderNumber: order.orderNumber })]
					: [t('claims.email.refuse', { unit, orderNumber: order.orderNumber }), t('email.reason', { reason: claim.reason }), t('claims.email.next')],
		}
	})
}
