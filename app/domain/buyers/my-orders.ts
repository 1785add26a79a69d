import type { OptionFacts } from '../catalogue/option-parts'
import type { FullOrderView } from '../orders/order-view'

// What My orders shows of each order (shaped by my-orders.server.ts). Browser-safe.

/** A page shows at most this many orders, newest first. */
export const MY_ORDERS_LIMIT = 50

export interface BuyerOrderLine {
	lineIndex: number
	name: string
	/** The option bought (said '3 Months · Shared account', '$10 USD' by i18n/option-label.ts), or null without one. */
	option: OptionFacts | null
	quantity: number
	/** When a delivered subscription line ends (ISO), else null. */
	endsAt: string | null
	/** That day as the page shows it ('5 Jan 2027', Pakistan's calendar), else null. */
	endsDay: string | null
	/** Renew at today's price: only for a line that ends. */
	renewPath: string | null
	/** The product's page, for a line that does not end (a gift card, a key). */
	buyAgainPath: string | null
}

export interface BuyerOrder {
	order: FullOrderView
	lines: BuyerOrderLine[]
	/** The order's dates as the page shows them, written on the server so the page ships no date code. */
	shown: {
		/** '5 Jan 2025, 3:04 PM PKT' */
		placedAt: string
		/** The day the order's subscription ends ('5 Jan 2027'), else null. */
		subscriptionEndsDay: string | null
	}
}

export interface BuyerOrders {
	orders: BuyerOrder[]
	/** More than MY_ORDERS_LIMIT orders carry the address: the oldest are left out. */
	more: boolean
}
