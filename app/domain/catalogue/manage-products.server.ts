import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orderLines, products, productVariants } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { costColumns, costFromColumns, type Cost } from '../costs/cost-rules'
import { recordAudit, type Actor } from '../staff/audit.server'
import { notifyStoreChanged } from '../store-changes.server'
import { PLACEHOLDER_IMAGE } from './covers'
import { variantsOf } from './list-products.server'
import { variantsProblem, type CreateProductInput, type UpdateProductInput, type VariantInput } from './product-input'
import { PAYMENT_METHODS, type Category, type ProductKind, type Variant } from './types'
import { requireGrant } from '../staff/permissions'
import { setVariantSupply, supplyOfVariants, type VariantSupply } from '../suppliers/variant-supply.server'

// The console's products: create, change, duplicate, hide, delete. Every change is one transaction
// with its audit entry (before and after) and a notification that clears every instance's page cache.

export type AdminProduct = Awaited<ReturnType<typeof readAdminProduct>> & {}

export const PRODUCT_NOT_FOUND = 'Product not found'

/** An option as the console sees it: with its cost (never read by the storefront's variantsOf). */
export type AdminVariant = Variant & { cost: Cost | null; supply: VariantSupply[]; minMarginPercent: number | null }

/** The options of these products with their costs, by product. */
async function adminVariantsOf(db: Db | Tx, ids: number[]): Promise<Map<number, AdminVariant[]>> {
	const [byProduct, costs] = await Promise.all([
		variantsOf(db, ids),
		ids.length
			? db.select({ id: productVariants.id, costRupees: productVariants.costRupees, costUsdCents: productVariants.costUsdCents, minMarginPercent: productVariants.minMarginPercent }).from(productVariants).where(inArray(productVariants.productId, ids))
			: Promise.resolve([]),
	])
	const costOf = new Map(costs.map((c) => [c.id, costFromColumns(c)]))
	const marginOf = new Map(costs.map((c) => [c.id, c.minMarginPercent]))
	const supply = await supplyOfVariants(db, costs.map((c) => c.id))
	return new Map([...byProduct].map(([id, list]) => [id, list.map((v) => ({ ...v, cost: costOf.get(v.id) ?? null, supply: supply.get(v.id) ?? [], minMarginPercent: marginOf.get(v.id) ?? null }))]))
}

async function readAdminProduct(db: Db | Tx, id: number) {
	const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1)
	if (!row) return null
	const variants = (await adminVariantsOf(db, [id])).get(id) ?? []
	return shape(row, variants)
}

function shape(row: typeof products.$inferSelect, variants: AdminVariant[]) {
	return {
		id: row.id,
		name: row.name,
		platform: row.platform,
		kind: row.kind,
		caption: row.caption,
		description: row.description,
		nameUr: row.nameUr ?? null,
		descriptionUr: row.descriptionUr ?? null,
		features: row.features,
		featuresUr: row.featuresUr ?? null,
		captionUr: row.captionUr ?? null,
		specifications: row.specifications,
		badge: row.badge ?? null,
		originalPrice: row.originalPrice,
		image: row.image,
		imageSet: row.imageSet ?? null,
		featured: row.featured,
		hasDuration: row.hasDuration,
		claimDays: row.claimDays,
		autoReplace: row.autoReplace,
		returnDays: row.returnDays ?? null,
		sortOrder: row.sortOrder,
		visible: row.visible,
		status: row.status,
		termsPage: row.termsPage ?? null,
		contentPage: row.contentPage ?? null,
		reviewGroup: row.reviewGroup ?? null,
		paymentMethods: row.paymentMethods,
		variants,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
	}
}

export async function getAdminProduct(db: Db | Tx, id: number) {
	const product = await readAdminProduct(db, id)
	if (!product) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND)
	return product
}

export interface ProductListQuery {
	q?: string
	platform?: Category
	kind?: ProductKind
	visibility?: 'visible' | 'hidden' | 'all'
	featured?: boolean
	sort?: 'order' | 'name' | 'updated'
	page?: number
}

export const ADMIN_PRODUCTS_PER_PAGE = 50

/** The console's list: search by name, filters, sort, 50 a page, each with its options. */
export async function listAdminProducts(db: Db | Tx, query: ProductListQuery = {}) {
	const where: SQL[] = []
	const q = query.q?.trim()
	if (q) {
		const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
		const byId = /^\d{1,9}$/.test(q) ? eq(products.id, Number(q)) : undefined
		where.push(byId ? or(ilike(products.name, like), byId)! : ilike(products.name, like))
	}
	if (query.platform) where.push(eq(products.platform, query.platform))
	if (query.kind) where.push(eq(products.kind, query.kind))
	if (query.visibility === 'visible') where.push(eq(products.visible, true))
	if (query.visibility === 'hidden') where.push(eq(products.visible, false))
	if (query.featured != null) where.push(eq(products.featured, query.featured))
	const order =
		query.sort === 'name' ? [asc(products.name), asc(products.id)] : query.sort === 'updated' ? [desc(products.updatedAt), desc(products.id)] : [asc(products.sortOrder), asc(products.id)]
	const page = Math.max(1, Math.min(query.page ?? 1, 10_000))
	const condition = where.length ? and(...where) : undefined
	const [rows, [counted]] = await Promise.all([
		db
			.select()
			.from(products)
			.where(condition)
			.orderBy(...order)
			.limit(ADMIN_PRODUCTS_PER_PAGE)
			.offset((page - 1) * ADMIN_PRODUCTS_PER_PAGE),
		db.select({ count: sql<number>`count(*)::int` }).from(products).where(condition),
	])
	const variants = await adminVariantsOf(
		db,
		rows.map((r) => r.id),
	)
	return { products: rows.map((r) => shape(r, variants.get(r.id) ?? [])), total: counted?.count ?? 0, page, perPage: ADMIN_PRODUCTS_PER_PAGE }
}

function checkVariants(variants: VariantInput[]) {
	const problem = variantsProblem(variants)
	if (problem) throw new AppError('BAD_REQUEST', problem, { variants: problem })
}

/** The product row's columns for a create or change, from the console's names. */
function rowValues(input: UpdateProductInput) {
	const v: Partial<typeof products.$inferInsert> = {}
	if (input.name !== undefined) v.name = input.name
	if (input.platform !== undefined) v.platform = input.platform
	if (input.kind !== undefined) v.kind = input.kind
	if (input.caption !== undefined) v.caption = input.caption
	if (input.description !== undefined) v.description = input.description
	if (input.nameUr !== undefined) v.nameUr = input.nameUr
	if (input.descriptionUr !== undefined) v.descriptionUr = input.descriptionUr
	if (input.features !== undefined) v.features = input.features
	if (input.featuresUr !== undefined) v.featuresUr = input.featuresUr
	if (input.captionUr !== undefined) v.captionUr = input.captionUr
	if (input.specifications !== undefined) v.specifications = input.specifications
	if (input.badge !== undefined) v.badge = input.badge
	if (input.originalPrice !== undefined) v.originalPrice = input.originalPrice
	if (input.featured !== undefined) v.featured = input.featured
	if (input.hasDuration !== undefined) v.hasDuration = input.hasDuration
	if (input.claimDays !== undefined) v.claimDays = input.claimDays
	if (input.autoReplace !== undefined) v.autoReplace = input.autoReplace
	if (input.returnDays !== undefined) v.returnDays = input.returnDays || null
	if (input.sortOrder !== undefined) v.sortOrder = input.sortOrder
	if (input.visible !== undefined) v.visible = input.visible
	if (input.status !== undefined) v.status = input.status
	if (input.termsPage !== undefined) v.termsPage = input.termsPage
	if (input.contentPage !== undefined) v.contentPage = input.contentPage
	if (input.reviewGroup !== undefined) v.reviewGroup = input.reviewGroup
	return v
}

const variantRow = (productId: number, v: VariantInput, position: number) => ({
	productId,
	label: v.label,
	months: v.months ?? null,
	value: v.months != null ? null : (v.value ?? null),
	accountType: v.accountType ?? null,
	price: v.price,
	position,
	hidden: v.hidden ?? false,
	// Left out (an API change that does not mention costs) keeps the option's cost.
	...(v.cost !== undefined ? costColumns(v.cost) : {}),
	...(v.minMarginPercent !== undefined ? { minMarginPercent: v.minMarginPercent } : {}),
})

export async function createProduct(db: Db, actor: Actor, input: CreateProductInput) {
	requireGrant(actor, 'catalogue')
	checkVariants(input.variants)
	return db.transaction(async (tx) => {
		const [row] = await tx
			.insert(products)
			.values({
				...(rowValues(input) as typeof products.$inferInsert),
				name: input.name,
				platform: input.platform,
				description: input.description,
				caption: input.caption,
				features: input.features,
				specifications: input.specifications,
				image: PLACEHOLDER_IMAGE,
				paymentMethods: PAYMENT_METHODS,
			})
			.returning({ id: products.id })
		const made = await tx.insert(productVariants).values(input.variants.map((v, n) => variantRow(row!.id, v, n))).returning({ id: productVariants.id })
		for (const [n, v] of input.variants.entries()) if (v.supply !== undefined) await setVariantSupply(tx, made[n]!.id, v.supply)
		const after = await getAdminProduct(tx, row!.id)
		await recordAudit(tx, actor, { action: 'product.create', target: `product ${row!.id}`, before: null, after })
		await notifyStoreChanged(tx, 'catalogue')
		return after
	})
}

/**
 * Changes a product. `variants`, when given, is the full list in order: listed ids are changed in
 * place (orders and stock keep referring to them), new entries are added, and options left out are
 * hidden, never deleted. Orders keep the price they were placed at (their snapshot).
 */
export async function updateProduct(db: Db, actor: Actor, id: number, input: UpdateProductInput) {
	requireGrant(actor, 'catalogue')
	if (input.variants) checkVariants(input.variants)
	return db.transaction(async (tx) => {
		const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update')
		if (!locked) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND)
		const before = await getAdminProduct(tx, id)
		const values = rowValues(input)
		if (Object.keys(values).length || input.variants) await tx.update(products).set({ ...values, updatedAt: sql`now()` }).where(eq(products.id, id))
		if (input.variants) await replaceVariants(tx, id, before.variants, input.variants)
		const after = await getAdminProduct(tx, id)
		await recordAudit(tx, actor, { action: input.visible === false && Object.keys(input).length === 1 ? 'product.hide' : 'product.update', target: `product ${id}`, before, after })
		await notifyStoreChanged(tx, 'catalogue')
		return after
	})
}

async function replaceVariants(tx: Tx, productId: number, existing: Variant[], wanted: VariantInput[]) {
	const known = new Map(existing.map((v) => [v.id, v]))
	for (const v of wanted) {
		if (v.id != null && !known.has(v.id)) throw new AppError('BAD_REQUEST', `Option ${v.id} is not an option of this product.`, { variants: 'Unknown option' })
	}
	const listed = new Set(wanted.flatMap((v) => (v.id != null ? [v.id] : [])))
	if (listed.size !== wanted.filter((v) => v.id != null).length) throw new AppError('BAD_REQUEST', 'An option is listed twice.', { variants: 'Duplicate option' })
	// Hide what is no longer listed first, so positions and combinations never clash.
	const dropped = existing.filter((v) => !listed.has(v.id)).map((v) => v.id)
	if (dropped.length) await tx.update(productVariants).set({ hidden: true, updatedAt: sql`now()` }).where(inArray(productVariants.id, dropped))
	for (const [n, v] of wanted.entries()) {
		const row = variantRow(productId, v, n)
		let variantId = v.id
		if (v.id != null) await tx.update(productVariants).set({ ...row, updatedAt: sql`now()` }).where(and(eq(productVariants.id, v.id), eq(productVariants.productId, productId)))
		else variantId = (await tx.insert(productVariants).values(row).returning({ id: productVariants.id }))[0]!.id
		if (v.supply !== undefined) await setVariantSupply(tx, variantId!, v.supply)
	}
	// Hidden options left over sit after the listed ones.
	if (dropped.length)
		await tx
			.update(productVariants)
			.set({ position: sql`${wanted.length} + ${productVariants.position}` })
			.where(inArray(productVariants.id, dropped))
}

/** A copy to start a similar product from: hidden until the owner shows it, with the same options and prices. */
export async function duplicateProduct(db: Db, actor: Actor, id: number) {
	requireGrant(actor, 'catalogue')
	const source = await getAdminProduct(db, id)
	return createProduct(db, actor, {
		...source,
		name: `${source.name} (copy)`.slice(0, 120),
		visible: false,
		featured: false,
		variants: source.variants.filter((v) => !v.hidden).map(({ id: _id, position: _p, ...v }) => v),
	}).then(async (copy) => {
		if (source.image !== copy.image || source.imageSet)
			await db.update(products).set({ image: source.image, imageSet: source.imageSet }).where(eq(products.id, copy.id))
		return getAdminProduct(db, copy.id)
	})
}

/** Whether any order bought this product (orders keep their own snapshot of it): order_lines_product_idx. */
async function hasOrders(db: Db | Tx, id: number) {
	const [row] = await db
		.select({ one: sql<number>`1` })
		.from(orderLines)
		.where(eq(orderLines.productId, id))
		.limit(1)
	return row != null
}

/** Deletes a product no order refers to; one that orders refer to is hidden instead, and the answer says so. */
export async function removeProduct(db: Db, actor: Actor, id: number): Promise<{ deleted: boolean; hidden: boolean; message: string }> {
	requireGrant(actor, 'catalogue')
	return db.transaction(async (tx) => {
		const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update')
		if (!locked) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND)
		const before = await getAdminProduct(tx, id)
		if (await hasOrders(tx, id)) {
			await tx.update(products).set({ visible: false, updatedAt: sql`now()` }).where(eq(products.id, id))
			await recordAudit(tx, actor, { action: 'product.hide', target: `product ${id}`, before, after: { ...before, visible: false }, note: 'Orders refer to it: hidden instead of deleted.' })
			await notifyStoreChanged(tx, 'catalogue')
			return { deleted: false, hidden: true, message: 'Orders refer to this product, so it was hidden instead of deleted: those orders keep what they bought.' }
		}
		await tx.delete(productVariants).where(eq(productVariants.productId, id))
		await tx.delete(products).where(eq(products.id, id))
		await recordAudit(tx, actor, { action: 'product.delete', target: `product ${id}`, before, after: null })
		await notifyStoreChanged(tx, 'catalogue')
		return { deleted: true, hidden: false, message: 'The product was deleted.' }
	})
}
