import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { prepared } from '../../db/prepared.server'
import { products, productVariants } from '../../db/schema'
import { toCartItem } from '../cart/to-cart-item'
import { fromPrice } from '../pricing/from-price'
import { offersAccountTypes, startingChoice } from '../pricing/price-of'
import { ratingsFor } from '../reviews/rating-summary.server'
import { soldOutStockOnly } from '../stock/manage-stock.server'
import type { RatingSummary } from '../reviews/review-scope'
import { isOnSale, isOnSaleSql } from './on-sale'
import { productView, type ProductRow } from './product-view'
import type { Product, ProductSummary, Variant } from './types'

const columns = {
	id: products.id,
	name: products.name,
	description: products.description,
	nameUr: products.nameUr,
	descriptionUr: products.descriptionUr,
	featuresUr: products.featuresUr,
	captionUr: products.captionUr,
	originalPrice: products.originalPrice,
	image: products.image,
	imageSet: products.imageSet,
	caption: products.caption,
	category: products.platform,
	kind: products.kind,
	badge: products.badge,
	features: products.features,
	specifications: products.specifications,
	paymentMethods: products.paymentMethods,
	termsPage: products.termsPage,
	contentPage: products.contentPage,
	reviewGroup: products.reviewGroup,
	featured: products.featured,
	hasDuration: products.hasDuration,
}

const variantColumns = {
	id: productVariants.id,
	productId: productVariants.productId,
	label: productVariants.label,
	months: productVariants.months,
	value: productVariants.value,
	accountType: productVariants.accountType,
	price: productVariants.price,
	position: productVariants.position,
	hidden: productVariants.hidden,
}

/** The variants of these products, every one (hidden too), grouped by product. */
export async function variantsOf(db: Db | Tx, ids: number[]): Promise<Map<number, Variant[]>> {
	const byProduct = new Map<number, Variant[]>()
	if (!ids.length) return byProduct
	const rows = await db
		.select(variantColumns)
		.from(productVariants)
		.where(inArray(productVariants.productId, ids))
		.orderBy(asc(productVariants.position), asc(productVariants.id))
	for (const { productId, ...v } of rows) {
		const list = byProduct.get(productId) ?? []
		list.push(v)
		byProduct.set(productId, list)
	}
	return byProduct
}

async function withVariants(db: Db | Tx, rows: ProductRow[]): Promise<Product[]> {
	const variants = await variantsOf(
		db,
		rows.map((r) => r.id),
	)
	return rows.map((r) => productView(r, variants.get(r.id) ?? []))
}

/** The storefront's products: those on sale (visible and published), in the owner's order. */
export async function listProducts(db: Db | Tx): Promise<Product[]> {
	const rows = await db.select(columns).from(products).where(isOnSaleSql()).orderBy(asc(products.sortOrder), asc(products.id))
	return withVariants(db, rows)
}

/** A product on sale by id, or null. */
export async function getProduct(db: Db | Tx, id: number): Promise<Product | null> {
	return (await getProducts(db, [id])).get(id) ?? null
}

/** Any product by id, drafts and hidden ones too, for staff's preview of its page (ADR-046); null when there is none. */
export async function previewProduct(db: Db | Tx, id: number): Promise<{ product: Product; onSale: boolean } | null> {
	const rows = await db
		.select({ ...columns, visible: products.visible, status: products.status })
		.from(products)
		.where(eq(products.id, id))
		.limit(1)
	const [row] = rows
	if (!row) return null
	const { visible, status, ...productRow } = row
	const [product] = await withVariants(db, [productRow])
	return { product: product!, onSale: isOnSale({ visible, status }) }
}

/** Products on sale by id (missing, hidden and draft ones left out). */
export async function getProducts(db: Db | Tx, ids: number[]): Promise<Map<number, Product>> {
	return (await productsWithVariants(db, ids, false)).products
}

/**
 * Visible products by id as checkout sells them: each with its variants, and which of those variants
 * are sold out (stock-only with no free slot), read in one query.
 */
export function productsForSale(db: Db | Tx, ids: number[]): Promise<{ products: Map<number, Product>; soldOut: Set<number> }> {
	return productsWithVariants(db, ids, true)
}

/** Products by id with their variants as JSON, in one statement (one round trip, the variants in order). */
async function productsWithVariants(db: Db | Tx, ids: number[], withSoldOut: boolean) {
	const soldOut = new Set<number>()
	const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)
	if (!wanted.length) return { products: new Map<number, Product>(), soldOut }
	// Qualified by hand: in a one-table select drizzle writes its columns without their table.
	const variants = sql<(Variant & { soldOut?: boolean })[]>`coalesce((select json_agg(json_build_object(
		'id', pv.id, 'label', pv.label, 'months', pv.months, 'value', pv.value, 'accountType', pv.account_type,
		'price', pv.price, 'position', pv.position, 'hidden', pv.hidden${withSoldOut ? sql`, 'soldOut', ${soldOutStockOnly(sql`pv.id`, sql`products.stock_mode`)}` : sql``}
	) order by pv.position, pv.id) from product_variants pv where pv.product_id = products.id), '[]'::json)`
	const rows = await prepared(db, `productsWithVariants:${withSoldOut}`, (db) =>
		db
			.select({ ...columns, variants })
			.from(products)
			.where(and(sql`${products.id} = any(${sql.placeholder('ids')}::integer[])`, isOnSaleSql())),
	).execute({ ids: wanted })
	const byId = new Map<number, Product>()
	for (const { variants: list, ...row } of rows) {
		for (const variant of list) {
			if (variant.soldOut) soldOut.add(variant.id)
			delete variant.soldOut
		}
		byId.set(row.id, productView(row, list))
	}
	return { products: byId, soldOut }
}

/** The first visible product with this setting: the console Game Pass the home page promotes, the product a content page belongs to. */
export async function findProductWith(
	db: Db | Tx,
	where: { termsPage: NonNullable<Product['termsPage']> } | { contentPage: NonNullable<Product['contentPage']> },
): Promise<Product | null> {
	const setting = 'termsPage' in where ? eq(products.termsPage, where.termsPage) : eq(products.contentPage, where.contentPage)
	const rows = await db
		.select(columns)
		.from(products)
		.where(and(setting, isOnSaleSql()))
		.orderBy(asc(products.sortOrder), asc(products.id))
		.limit(1)
	const [product] = await withVariants(db, rows)
	return product ?? null
}

/** Cards for these products, each with its real rating (counted from its shown reviews). */
export async function summariseAll(db: Db | Tx, list: Product[]): Promise<ProductSummary[]> {
	const ratings = await ratingsFor(db, list)
	return list.map((p) => summarise(p, ratings.get(p.id) ?? null))
}

export function summarise(product: Product, rating: RatingSummary | null = null): ProductSummary {
	const starting = startingChoice(product)
	const from = fromPrice(product)
	return {
		id: product.id,
		name: product.name,
		image: product.image,
		imageSet: product.imageSet,
		caption: product.caption,
		category: product.category,
		badge: product.badge,
		// The one “from” price (pricing/from-price.ts): the cheapest combination.
		price: from?.price ?? product.price,
		priceIsFrom: from?.isFrom ?? false,
		originalPrice: product.originalPrice,
		featured: product.featured,
		rating,
		// An account is chosen on its page (private or shared, and a shared one reads its rules first).
		cartItem: starting && !offersAccountTypes(product) ? toCartItem(product, starting) : null,
	}
}
