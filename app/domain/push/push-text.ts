import { formatRs } from '../../utils/money'

// What a buyer reads of "Notify me on this phone": the button's states and the pushes themselves.
// A push says what happened and opens the order page; it never carries a code, a login or an address.

export type PushEvent = 'paid' | 'delivered' | 'replaced' | 'refunded' | 'transfer-rejected' | 'cancelled'

interface PushOrder {
	orderNumber: string
}

const TEXT: Record<PushEvent, (o: PushOrder, amount?: number) => { title: string; body: string }> = {
	paid: (o) => ({ title: 'Payment received', body: `Order ${o.orderNumber} is paid. We are preparing it now.` }),
	delivered: (o) => ({ title: 'Your order is ready', body: `Order ${o.orderNumber} is delivered. Open the order page to see it.` }),
	replaced: (o) => ({ title: 'An item was replaced', body: `We replaced an item on order ${o.orderNumber}. Open the order page to see the new one.` }),
	refunded: (o, amount) => ({ title: 'Refund sent', body: `${amount ? `${formatRs(amount)} was refunded` : 'A refund was sent'} for order ${o.orderNumber}.` }),
	'transfer-rejected': (o) => ({ title: 'Your transfer needs attention', body: `We could not confirm the transfer for order ${o.orderNumber}. Open the order page to see why.` }),
	cancelled: (o) => ({ title: 'Order cancelled', body: `Order ${o.orderNumber} was cancelled.` }),
}

/** The title and body of a push about an order (English until the order's language is known). */
export const pushText = (event: PushEvent, order: PushOrder, amount?: number) => TEXT[event](order, amount)
