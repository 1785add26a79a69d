import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { products } from '../../db/schema'
import { denominationsOf, displayPrice, durationsOf } from '../pricing/product-options'
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
	return {
		id: product.id,
		name: product.name,
		image: product.image,
		caption: product.caption,
		category: product.category,
		price: displayPrice(product),
		originalPrice: product.originalPrice,
		featured: product.featured,
		firstDuration: durationsOf(product)?.[0] ?? null,
		firstDenomination: denominationsOf(product)?.[0] ?? null,
	}
}

