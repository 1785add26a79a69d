import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { products, productVariants } from '../../db/schema'

// What a discount code may be limited to, by name (the owner never sees ids): every product, hidden
// ones too (a code made for them stays readable), each with its options in their selling order.

export interface CouponChoice {
	id: number
	name: string
	visible: boolean
	options: { id: number; label: string; hidden: boolean }[]
}

const optionName = (v: { label: string; accountType: string | null }) => (v.accountType && !v.label.toLowerCase().includes(v.accountType) ? `${v.label} (${v.accountType})` : v.label)

export async function couponChoices(db: Db): Promise<CouponChoice[]> {
	const [rows, variants] = await Promise.all([
		db.select({ id: products.id, name: products.name, visible: products.visible }).from(products).orderBy(asc(products.sortOrder), asc(products.id)),
		db
			.select({ id: productVariants.id, productId: productVariants.productId, label: productVariants.label, accountType: productVariants.accountType, hidden: productVariants.hidden })
			.from(productVariants)
			.orderBy(asc(productVariants.position), asc(productVariants.id)),
	])
	return rows.map((p) => ({ ...p, options: variants.filter((v) => v.productId === p.id).map((v) => ({ id: v.id, label: optionName(v), hidden: v.hidden })) }))
}
