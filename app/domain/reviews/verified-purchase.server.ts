import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orderLines, orders, products } from '../../db/schema'
import type { ReviewerStanding } from './review-scope'
import { countsAsSaleSql } from '../orders/order-facts'

/**
 * Whether this email has a paid order containing the product (or, when the product shares a review
 * group, any product of that group: its reviews are one list). The one rule behind “Verified
 * purchase” and the owner's buyers-only setting.
 */
export async function hasPaidFor(db: Db | Tx, email: string, product: { id: number; reviewGroup: string | null }): Promise<boolean> {
	const ids = product.reviewGroup
		? (await db.select({ id: products.id }).from(products).where(or(eq(products.reviewGroup, product.reviewGroup), eq(products.id, product.id)))).map((p) => p.id)
		: [product.id]
	const [row] = await db
		.select({ id: orders.id })
		.from(orders)
		.where(
			and(
				// orders_email_idx: lower(customer_email).
				sql`lower(${orders.customerEmail}) = ${email.toLowerCase()}`,
				// A sale: a test payment (the simulator in production) bought nothing, money held after a cancel neither.
				countsAsSaleSql(),
				sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${inArray(orderLines.productId, ids)})`,
			),
		)
		.limit(1)
	return row !== undefined
}

/** The standing of the signed-in buyer (or of nobody) for a product's reviews; null when there is no such product. */
export async function reviewerStanding(db: Db | Tx, buyer: { email: string } | null, productId: number): Promise<ReviewerStanding | null> {
	const [product] = await db.select({ id: products.id, reviewGroup: products.reviewGroup }).from(products).where(eq(products.id, productId)).limit(1)
	if (!product) return null
	if (!buyer) return { signedIn: false }
	return { signedIn: true, email: buyer.email, bought: await hasPaidFor(db, buyer.email, product) }
}
