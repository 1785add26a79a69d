import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders, type OrderLine } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { logger } from '../../utils/logger.server'
import { readStoreDetails } from '../settings/store-details.server'
import { withLinesOf, type Order } from '../orders/order-lines.server'
import { parseDeliveryContent } from '../orders/order-view'
import { deliveryText, staffDeliveryContent } from '../orders/staff-order-view.server'
import { DELIVERY_STATES, deliveryTransitionTo, isDeliveryState, moveDeliveryTo, type DeliveryState } from '../orders/order-state'
import { transition } from '../orders/order-store/transition.server'
import { changeDelivery } from '../orders/order-store/delivery-rows.server'
import { specFulfillmentStatus, specPaymentStatus } from '../orders/status'
import { recordAudit, type Actor } from '../staff/audit.server'
import { decryptDelivery, encryptDelivery } from './delivery-crypto.server'
import { CHOOSE_STATUS, CONTENT_TOO_LONG, DELIVERY_CONTENT_MAX } from './fulfillment-input'

/** The order as §3 names its fields, with the delivery content decrypted: the answer of §7 call 10. */
export interface SpecOrder {
	id: number
	order_number: string
	customer_name: string | null
	customer_email: string | null
	customer_phone: string | null
	total_amount: number
	status: string
	fulfillment_status: string
	delivery_content: unknown
	product_details: OrderLine[]
	created_at: string
	paypro_transaction_id: string | null
	payment_method: string
}

const ALLOWED = new Set(['fulfillment_status', 'delivery_content'])

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** §5: structured data when it is (or parses as) an object or array; else trimmed text; empty is null. */
function deliveryContentText(value: unknown): string | null {
	if (value === null) return null
	if (typeof value === 'object') return JSON.stringify(value)
	if (typeof value === 'number' && Number.isFinite(value)) return String(value)
	if (typeof value !== 'string') throw new AppError('BAD_REQUEST', 'delivery_content must be text or structured data.')
	const text = value.trim()
	if (text === '') return null
	const parsed = parseDeliveryContent(text)
	return typeof parsed === 'string' ? text : JSON.stringify(parsed)
}

function toSpecOrder(order: Order): SpecOrder {
	return {
		id: order.id,
		order_number: order.orderNumber,
		customer_name: order.customerName,
		customer_email: order.customerEmail,
		customer_phone: order.customerPhone,
		total_amount: order.totalAmount,
		status: specPaymentStatus(order.paymentStatus),
		fulfillment_status: specFulfillmentStatus(order.deliveryStatus),
		delivery_content: staffDeliveryContent(order.deliveryContent),
		product_details: order.productDetails,
		created_at: order.createdAt.toISOString(),
		paypro_transaction_id: order.payproTransactionId,
		payment_method: order.paymentMethod,
	}
}

/**
 * §7 call 10: staff set an order's fulfillment status and delivery content. Payment status never
 * changes here (a `status` in the updates is dropped with a warning). The change, its audit entry,
 * the live notice and, on completion with content, the buyer's one "delivered" email commit together.
 */
export async function updateOrderFulfillment(db: Db, actor: Actor, input: unknown): Promise<SpecOrder> {
	if (!isRecord(input)) throw new AppError('BAD_REQUEST', 'Send a JSON object with orderNumber and updates.')
	const orderNumber = typeof input.orderNumber === 'string' ? input.orderNumber.trim() : ''
	if (!orderNumber || orderNumber.length > 100) throw new AppError('BAD_REQUEST', 'Please select an order: orderNumber is required.')
	if (!isRecord(input.updates)) throw new AppError('BAD_REQUEST', 'updates must be an object with fulfillment_status and delivery_content.')

	const ignored = Object.keys(input.updates).filter((k) => !ALLOWED.has(k))
	if (ignored.includes('status')) {
		logger.warn({ orderNumber, actor: actor.label }, 'admin update tried to set the payment status: ignored (payment status comes only from the provider or a staff payment review)')
	}
	const others = ignored.filter((k) => k !== 'status')
	if (others.length > 0) logger.warn({ orderNumber, actor: actor.label, fields: others.slice(0, 20).map((k) => k.slice(0, 50)) }, 'admin update sent fields that cannot be changed: ignored')

	const { fulfillment_status: rawStatus, delivery_content: rawContent } = input.updates
	let fulfillmentStatus: DeliveryState | undefined
	if (rawStatus !== undefined) {
		if (!isDeliveryState(rawStatus)) throw new AppError('BAD_REQUEST', `fulfillment_status must be one of: ${DELIVERY_STATES.join(', ')}.`)
		fulfillmentStatus = rawStatus
	}
	const content = rawContent === undefined ? undefined : deliveryContentText(rawContent)
	if (content != null && content.length > DELIVERY_CONTENT_MAX) throw new AppError('BAD_REQUEST', CONTENT_TOO_LONG)
	if (fulfillmentStatus === undefined && content === undefined) throw new AppError('BAD_REQUEST', CHOOSE_STATUS)

	const { storeName } = await readStoreDetails(db)
	const order = await db.transaction(async (tx) => {
		const [current] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update').limit(1)
		if (!current) throw new AppError('NOT_FOUND', `Order ${orderNumber} not found.`)
		// Refused with a sentence (409) when the order is not paid or the step would go back.
		const deliveryStatus = fulfillmentStatus ? moveDeliveryTo(current, fulfillmentStatus) : undefined
		// Delivered units come back from the console as their English text: unchanged, they stay units.
		const contentChanged = content !== undefined && content !== decryptDelivery(current.deliveryContent) && content !== deliveryText(current.deliveryContent)
		const details = {
			...(contentChanged ? { deliveryContent: encryptDelivery(content ?? null) } : {}),
			// Staff completing an order by hand settle what it was owed from stock: the queue leaves it be.
			...(deliveryStatus === 'completed' ? { undeliveredUnits: 0, ...(current.deliveredAt ? {} : { deliveredAt: new Date() }) } : {}),
		}
		// A new step is a move (told as such: completed emails the buyer and tells their phones); the same step with its content is a change.
		const move = deliveryStatus && deliveryStatus !== current.deliveryStatus ? deliveryTransitionTo(deliveryStatus)! : null
		const told = { by: actor, storeName, facts: { contentChanged } }
		const next = move ? await transition(tx, { id: current.id }, move, details, told) : await changeDelivery(tx, current.id, details, told)
		// Whether content is set, and whether it changed: never the content itself.
		await recordAudit(tx, actor, {
			action: 'fulfillment.update',
			orderNumber,
			before: { fulfillment_status: current.deliveryStatus, delivery_content_set: current.deliveryContent != null, ...(current.undeliveredUnits ? { owed_from_stock: current.undeliveredUnits } : {}) },
			after: { fulfillment_status: next.deliveryStatus, delivery_content_set: next.deliveryContent != null },
			note: contentChanged ? 'Delivery content changed' : null,
		})
		return next
	})
	return toSpecOrder((await withLinesOf(db, order))!)
}
