import { orders, type OrderLine } from '../../db/schema'
import type { Db, Tx } from '../../db/client.server'
import { AppError } from '../../utils/app-error'
import { env } from '../../utils/env.server'
import { getProduct } from '../catalogue/list-products.server'
import { reminderKey } from '../email/subscription-reminder-email.server'
import { enqueueJob } from '../jobs/queue.server'
import { displayPrice } from '../pricing/price-of'
import { recordAudit, type Actor } from '../staff/audit.server'
import { newAccessToken } from './create-order.server'
import type { Order } from './order'
import { insertOrderIfNumberFree, insertOrderLines } from './order-store/order-rows.server'
import { PLACED } from './order-state'
import type { DmOrderRequest } from './dm-order-input'
import { makeOrderNumber } from './order-number'
import { DAY_MS, DEFAULT_DM_DURATION_DAYS, hasSubscriptionDuration, subscriptionEndsAt } from './subscription'

/**
 * §2 / §7 call 11: staff sell over direct messages and hand the buyer a tracking link. The amount
 * is what staff agreed (blank: the catalogue's price); Game Pass orders count down their days and
 * remind the buyer before and when they end.
 */
export async function createDmOrder(
	db: Db,
	actor: Actor,
	input: DmOrderRequest,
	{ now = new Date(), reminderDaysBefore = env().REMINDER_DAYS_BEFORE }: { now?: Date; reminderDaysBefore?: number } = {},
): Promise<Order> {
	const products = await Promise.all(
		input.items.map(async (item) => {
			const product = await getProduct(db, item.id)
			if (!product) throw new AppError('BAD_REQUEST', `Unknown product ${item.id}: choose a product from the catalogue.`)
			const variant = item.variantId == null ? null : product.variants.find((v) => v.id === item.variantId)
			if (variant === undefined) throw new AppError('BAD_REQUEST', `${product.name} has no such option: choose one of its options.`)
			return { product, item, variant, price: variant ? variant.price : displayPrice(product) }
		}),
	)
	const defaultTotal = products.reduce((sum, { price }) => sum + price, 0)
	if (input.totalAmount == null && products.some((p) => p.variant && p.price === 0)) {
		throw new AppError('BAD_REQUEST', 'A custom option has no price: enter the amount agreed with the buyer.')
	}
	const total = input.totalAmount ?? defaultTotal
	const lines: OrderLine[] = products.map(({ product, item, variant, price }) => ({
		id: product.id,
		name: product.name,
		image: product.image,
		price: products.length === 1 ? total : price,
		originalPrice: product.originalPrice,
		quantity: 1,
		// The option chosen (a duration or a value, and the account type), as a checkout line records it.
		selectedDuration: variant?.months != null ? { label: variant.label, price: variant.price, months: variant.months } : null,
		selectedDenomination: variant && variant.months == null && variant.value != null ? { label: variant.label, price: variant.price, value: variant.value } : null,
		selectedAccountType: variant?.accountType ?? null,
		...(variant ? { variantId: variant.id } : {}),
		code: item.code || null,
	}))
	const subscription = products.some(({ product }) => hasSubscriptionDuration(product))
	// Without a duration typed, a subscription runs for the months chosen (30 days each), else the default.
	const months = products.find(({ product, variant }) => hasSubscriptionDuration(product) && variant?.months)?.variant?.months
	const durationDays = subscription ? (input.durationDays ?? (months ? months * 30 : DEFAULT_DM_DURATION_DAYS)) : null

	return db.transaction(async (tx) => {
		const order = await insertOrder(tx, lines, {
			customerName: input.customer.name,
			customerEmail: input.customer.email?.toLowerCase() ?? null,
			customerPhone: input.customer.phone,
			totalAmount: total,
			...PLACED.dm,
			paymentMethod: 'dm',
			accessToken: newAccessToken(),
			durationDays,
			createdAt: now,
			updatedAt: now,
		})
		await recordAudit(tx, actor, {
			action: 'order.create_dm',
			orderNumber: order.orderNumber,
			after: { paymentStatus: order.paymentStatus, totalAmount: order.totalAmount, durationDays, items: lines.map((l) => l.name) },
		})
		const endsAt = subscriptionEndsAt(now, durationDays)
		if (endsAt) {
			const payload = { orderNumber: order.orderNumber }
			if (reminderDaysBefore > 0) {
				const before = new Date(Math.max(now.getTime(), endsAt.getTime() - reminderDaysBefore * DAY_MS))
				await enqueueJob(tx, { kind: 'send-reminder', payload: { ...payload, kind: 'before' }, dedupeKey: reminderKey(order.orderNumber, 'before'), runAt: before })
			}
			await enqueueJob(tx, { kind: 'send-reminder', payload: { ...payload, kind: 'expiry' }, dedupeKey: reminderKey(order.orderNumber, 'expiry'), runAt: endsAt })
		}
		return order
	})
}

async function insertOrder(tx: Tx, lines: OrderLine[], values: Omit<typeof orders.$inferInsert, 'orderNumber'>): Promise<Order> {
	for (let attempt = 0; attempt < 5; attempt++) {
		const row = await insertOrderIfNumberFree(tx, { ...values, orderNumber: makeOrderNumber(lines[0]!.name, lines.length) })
		if (row) {
			await insertOrderLines(tx, row.id, lines)
			return { ...row, productDetails: lines }
		}
	}
	throw new AppError('CONFLICT', 'Could not allocate an order number. Please try again.')
}
