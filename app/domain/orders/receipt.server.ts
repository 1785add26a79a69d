import type { StoreDetails } from '../settings/store-details'
import { discountOf } from '../coupons/coupon'
import { storeContacts, type ContactLink } from '../settings/store-contacts'
import { formatRs } from '../../utils/money'
import type { Order } from './order'
import { isPaid } from './order-facts'
import { paymentBadge } from './status'
import { lineOption, type OptionFacts } from '../catalogue/option-parts'

// A buyer's proof of purchase (/receipt/:orderNumber): the order as plain text, ready to print.
// Only a paid order gets a receipt; any other is an order summary that says it is not paid.

/** How the buyer paid, in the words of the checkout page. */
const PAYMENT_METHODS: Record<string, string> = {
	paypro: 'Online payment through PayPro',
	manual: 'Bank or wallet transfer',
	dm: 'Arranged with our team on WhatsApp',
}

export const paymentMethodInWords = (method: string) => PAYMENT_METHODS[method] ?? 'Other'

export interface ReceiptLine {
	name: string
	/** The option bought (said '1 Month · Shared account', '$10 USD' by i18n/option-label.ts), or null without one. */
	option: OptionFacts | null
	quantity: number
	unitPrice: string
	lineTotal: string
}

export interface OrderReceipt {
	/** A receipt only once paid; before that, an order summary that says plainly it is not one. */
	paid: boolean
	heading: string
	/** For an unpaid order: why this page is not a receipt. */
	notice: string | null
	store: { name: string; supportEmail: string; whatsapp: ContactLink; phone: ContactLink | null }
	orderNumber: string
	/** When the order was placed and paid (ISO): the page writes them in its language. */
	orderDate: string
	paidDate: string | null
	paymentMethod: string
	status: string
	lines: ReceiptLine[]
	/** Taken off by a discount code, or null. */
	discount: string | null
	total: string
	buyer: { name: string; email: string | null }
}



/** The receipt (or, unpaid, the order summary) of one order, with the store's details at the top. */
export function orderReceipt(order: Order, storeDetails: Pick<StoreDetails, 'storeName' | 'supportEmail' | 'whatsapp' | 'supportPhone'>): OrderReceipt {
	const paid = isPaid(order)
	const contacts = storeContacts({ ...storeDetails, instagram: '' })
	return {
		paid,
		heading: paid ? 'Receipt' : 'Order summary',
		notice: paid ? null : 'This order is not paid, so this page is not a receipt. It becomes one once the payment is confirmed.',
		store: {
			name: storeDetails.storeName,
			supportEmail: storeDetails.supportEmail,
			whatsapp: contacts.whatsapp,
			// One number shown once when WhatsApp and calls share it.
			phone: contacts.phone,
		},
		orderNumber: order.orderNumber,
		orderDate: order.createdAt.toISOString(),
		paidDate: paid && order.paidAt ? order.paidAt.toISOString() : null,
		paymentMethod: paymentMethodInWords(order.paymentMethod),
		status: paymentBadge(order.paymentStatus).label,
		lines: order.productDetails.map((line) => ({
			name: line.name,
			option: lineOption(line),
			quantity: line.quantity,
			unitPrice: formatRs(line.price),
			lineTotal: formatRs(line.price * line.quantity),
		})),
		discount: discountOf(order.productDetails) > 0 ? formatRs(discountOf(order.productDetails)) : null,
		total: formatRs(order.totalAmount),
		buyer: { name: order.customerName || 'Customer', email: order.customerEmail },
	}
}
