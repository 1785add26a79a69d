import type { OrderLine } from '../../db/schema'
import type { OrderActions } from './order-actions'
import type { DeliveryState, PaymentState } from './order-state'
import type { Lang } from '../../i18n/lang'

// What the order page receives. The public view is all a stranger with the number can see.

export interface PublicOrderView {
	full: false
	orderNumber: string
	/** PayPro's order id (what PayPro's page and receipt call the Order ID); null when PayPro has none (transfers, DM orders). */
	orderId: string | null
	/** The spec's payment status value (§4), for the spec's JSON answers; pages read paymentStatus and actions. */
	status: string
	/** The spec's fulfillment step, which is the delivery state. */
	fulfillmentStatus: DeliveryState
	paymentStatus: PaymentState
	deliveryStatus: DeliveryState
	/** What the buyer may do now (pay again, upload a receipt…), from the order's state. */
	actions: OrderActions
	totalAmount: number
	/** Rupees of store credit spent on it when placed (ADR-051): the rest, amountDue, is paid online or by transfer. */
	creditUsed: number
	createdAt: string
	customerName: string
	paymentMethod: string
	rejectionReason: string | null
	/** Why staff cancelled the order (null unless cancelled). */
	cancelReason: string | null
	/** Rupees refunded so far (0 when none). */
	refundedAmount: number
	durationDays: number | null
	/** DM subscriptions: created_at + durationDays days (ISO); null without a countdown. */
	subscriptionEndsAt: string | null
	/** The language the buyer ordered in (ADR-032): the order page and receipt follow it. */
	lang: Lang
	/** Paid with a test payment (the simulator in production) that staff have not approved: nothing is delivered until they do. */
	testPaymentAwaitingStaff: boolean
}

export interface FullOrderView extends Omit<PublicOrderView, 'full'> {
	full: true
	customerEmail: string | null
	customerPhone: string | null
	items: OrderLine[]
	/** Once fulfillment is completed, or part of it delivered from stock: text as is, or structured data. */
	deliveryContent: unknown
	/** Some lines came from stock; the rest is owed (`owedUnits` from stock) or being prepared by hand. */
	partlyDelivered: boolean
	owedUnits: number
	receiptUploaded: boolean
	/** When the order was first delivered in full (ISO): subscription lines run from it. */
	deliveredAt: string | null
}

export type OrderView = PublicOrderView | FullOrderView

/** 'Ali Khan' → 'Ali K.'; a single word keeps its first letter only. */
/** Delivery content is stored as text: structured data when it parses (delivered units, delivered-units.ts), else shown as written. */
export function parseDeliveryContent(content: string | null): unknown {
	if (content == null || content === '') return null
	try {
		const parsed: unknown = JSON.parse(content)
		return typeof parsed === 'object' && parsed !== null ? parsed : content
	} catch {
		return content
	}
}
