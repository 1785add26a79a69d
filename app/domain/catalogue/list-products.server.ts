import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { products } from '../../db/schema'
import { toCartItem } from '../cart/to-cart-item'
import { offersAccountTypes, startingChoice } from '../pricing/price-of'
import type { Product, ProductSummary } from './types'

const columns = {
	id: products.id,
	name: products.name,
	description: products.description,
	price: products.price,
	originalPrice: products.originalPrice,
	image: products.image,
	caption: products.caption,
	category: products.category,
	features: products.features,
	specifications: products.specifications,
	paymentMethods: products.paymentMethods,
	durations: products.durations,
	denominations: products.denominations,
	privatePrice: products.privatePrice,
	sharedPrice: products.sharedPrice,
	featured: products.featured,
}

export async function listProducts(db: Db): Promise<Product[]> {
	return db.select(columns).from(products).where(eq(products.active, true)).orderBy(asc(products.id))
}

export async function getProduct(db: Db, id: number): Promise<Product | null> {
	if (!Number.isSafeInteger(id) || id <= 0) return null
	const [row] = await db
		.select(columns)
		.from(products)
		.where(eq(products.id, id))
		.limit(1)
	return row ?? null
}

export function summarise(product: Product): ProductSummary {
	const starting = startingChoice(product)
	return {
		id: product.id,
		name: product.name,
		image: product.image,
		caption: product.caption,
		category: product.category,
		price: starting?.price ?? product.price,
		originalPrice: product.originalPrice,
		featured: product.featured,
		// An account is chosen on its page (private or shared, and a shared one reads its rules first).
		cartItem: starting && !offersAccountTypes(product) ? toCartItem(product, starting) : null,
	}
}

