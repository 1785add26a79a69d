import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { productVariants, products, supplierCosts, supplierPurchases, suppliers, supplierWatch, variantSupply } from '../../db/schema'
import { inEnglish, isMessageKey } from '../../i18n/english'
import type { MessageKey } from '../../i18n/catalogue'
import { AppError } from '../../utils/app-error'
import { now as clockNow } from '../../utils/clock'
import { invalidInput } from '../../utils/field-errors'
import { pakistanDate } from '../../utils/pakistan-time'
import { getAdminProduct, updateProduct } from '../catalogue/manage-products.server'
import { rupeesPerUnit } from '../costs/cost-rules'
import { readCostSettings } from '../costs/cost-settings.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { requireGrant } from '../staff/permissions'
import { isSupplierError, type SupplierClient, type SupplierCurrency, type SupplierQuote } from './supplier-client'
import { SUPPLIER_LIMITS, noSuchSupplier } from './supplier-input'
import { lowBalanceInput, SEARCH_LIMITS, supplierMoneyText } from './supplier-console'
import { supplierClient, supplierCurrency, type SupplierRow } from './supplier-registry.server'
import { createSupplier, listSuppliers, updateSupplier, type SupplierView } from './suppliers.server'

// The owner's side of suppliers (ADR-054): the list with each balance and its low-balance threshold,
// the Test button, the catalogue picker, each supplier's purchases and those waiting for staff. The
// one writer of supplier_watch; suppliers themselves are written by suppliers.server.ts.

export interface SupplierConsoleView extends SupplierView {
	/** Below this balance (cents) staff are alerted; null: never. */
	lowBalanceCents: number | null
	/** The balance when last asked (cents); null: never asked, or the supplier did not say. */
	balanceCents: number | null
	balanceCheckedAt: string | null
	/** Why the last check could not read the balance. */
	checkProblem: string | null
	/** Options that buy from it first, and options that turn to it when the ones before fail. */
	firstChoice: number
	backup: number
}

async function watchOf(db: Db | Tx, ids: number[]) {
	if (ids.length === 0) return new Map<number, typeof supplierWatch.$inferSelect>()
	const rows = await db.select().from(supplierWatch).where(inArray(supplierWatch.supplierId, ids))
	return new Map(rows.map((r) => [r.supplierId, r]))
}

/** Every supplier with its balance, threshold and how options prefer it. No secret leaves. */
export async function listSuppliersForConsole(db: Db | Tx): Promise<SupplierConsoleView[]> {
	const list = await listSuppliers(db)
	const watch = await watchOf(
		db,
		list.map((s) => s.id),
	)
	const ranks = await db
		.select({ supplierId: variantSupply.supplierId, first: sql<number>`count(*) filter (where ${variantSupply.position} = 0)::integer`, all: sql<number>`count(*)::integer` })
		.from(variantSupply)
		.groupBy(variantSupply.supplierId)
	const rankOf = new Map(ranks.map((r) => [r.supplierId, r]))
	return list.map((s) => {
		const w = watch.get(s.id)
		const r = rankOf.get(s.id)
		return {
			...s,
			lowBalanceCents: w?.lowBalanceCents ?? null,
			balanceCents: w?.balanceCents ?? null,
			balanceCheckedAt: w?.balanceCheckedAt?.toISOString() ?? null,
			checkProblem: w?.checkProblem ?? null,
			firstChoice: Number(r?.first ?? 0),
			backup: Number(r?.all ?? 0) - Number(r?.first ?? 0),
		}
	})
}

export async function getSupplierForConsole(db: Db | Tx, id: number): Promise<SupplierConsoleView> {
	const found = (await listSuppliersForConsole(db)).find((s) => s.id === id)
	if (!found) throw new AppError('NOT_FOUND', noSuchSupplier(id))
	return found
}

const toCents = (dollars: number | null) => (dollars == null ? null : Math.round(dollars * 100))

/** Sets the low-balance threshold (dollars; null: never alert), audited. */
async function setLowBalance(db: Db, actor: Actor, supplierId: number, dollars: number | null): Promise<void> {
	const parsed = lowBalanceInput.safeParse(dollars)
	if (!parsed.success) throw invalidInput(parsed.error)
	const cents = toCents(parsed.data)
	await db.transaction(async (tx) => {
		const [before] = await tx.select().from(supplierWatch).where(eq(supplierWatch.supplierId, supplierId))
		if ((before?.lowBalanceCents ?? null) === cents) return
		await tx
			.insert(supplierWatch)
			.values({ supplierId, lowBalanceCents: cents })
			.onConflictDoUpdate({ target: supplierWatch.supplierId, set: { lowBalanceCents: cents, lowSince: null } })
		await recordAudit(tx, actor, { action: 'suppliers.low-balance', target: `supplier ${supplierId}`, before: { lowBalanceCents: before?.lowBalanceCents ?? null }, after: { lowBalanceCents: cents } })
	})
}

/** The console's and the API's connect: the supplier (its key sealed by createSupplier) and its alert threshold. */
export async function connectSupplier(db: Db, actor: Actor, body: Parameters<typeof createSupplier>[2] & { lowBalanceDollars?: number | null }): Promise<SupplierConsoleView> {
	requireGrant(actor, 'suppliers')
	const { lowBalanceDollars, ...supplier } = body
	if (lowBalanceDollars !== undefined) {
		const parsed = lowBalanceInput.safeParse(lowBalanceDollars)
		if (!parsed.success) throw invalidInput(parsed.error)
	}
	const made = await createSupplier(db, actor, supplier)
	if (lowBalanceDollars !== undefined) await setLowBalance(db, actor, made.id, lowBalanceDollars)
	return getSupplierForConsole(db, made.id)
}

/** A change: what is left out stays; a blank key keeps the saved one. */
export async function changeSupplier(db: Db, actor: Actor, id: number, body: Parameters<typeof updateSupplier>[3] & { lowBalanceDollars?: number | null }): Promise<SupplierConsoleView> {
	requireGrant(actor, 'suppliers')
	const { lowBalanceDollars, ...change } = body
	if (lowBalanceDollars !== undefined) {
		const parsed = lowBalanceInput.safeParse(lowBalanceDollars)
		if (!parsed.success) throw invalidInput(parsed.error)
	}
	await updateSupplier(db, actor, id, change)
	if (lowBalanceDollars !== undefined) await setLowBalance(db, actor, id, lowBalanceDollars)
	return getSupplierForConsole(db, id)
}

async function supplierRow(db: Db | Tx, id: number) {
	const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1)
	if (!row) throw new AppError('NOT_FOUND', noSuchSupplier(id))
	return row
}

export interface SupplierTestAnswer {
	ok: boolean
	/** accepted: it took the key and said its balance; refused: it refused (its reason in the sentence); unreachable: no answer. */
	outcome: 'accepted' | 'refused' | 'unreachable'
	sentence: string
	balanceCents: number | null
}

/** Stores what a balance check found (the test's and the daily job's). */
async function recordBalance(db: Db | Tx, supplierId: number, found: { cents: number } | { problem: string }, at: Date) {
	const values = 'cents' in found ? { balanceCents: found.cents, checkProblem: null } : { checkProblem: found.problem }
	await db
		.insert(supplierWatch)
		.values({ supplierId, ...values, balanceCheckedAt: at })
		.onConflictDoUpdate({ target: supplierWatch.supplierId, set: { ...values, balanceCheckedAt: at } })
}

/** The Test button: a real call to the supplier (its balance), answered in a sentence. */
export async function testSupplier(db: Db, actor: Actor, id: number, { clientFor = (row: SupplierRow) => supplierClient(row) }: { clientFor?: (row: SupplierRow) => SupplierClient } = {}): Promise<SupplierTestAnswer> {
	requireGrant(actor, 'suppliers')
	const row = await supplierRow(db, id)
	try {
		const { cents } = await clientFor(row).balance()
		await recordBalance(db, id, { cents }, clockNow())
		return { ok: true, outcome: 'accepted', sentence: `${row.name} accepted the key: the account can spend ${supplierMoneyText(cents, supplierCurrency(row))}.`, balanceCents: cents }
	} catch (error) {
		if (!isSupplierError(error)) throw error
		await recordBalance(db, id, { problem: error.message }, clockNow())
		if (error.retryable) return { ok: false, outcome: 'unreachable', sentence: `${row.name} could not be reached: ${error.message}. Check its address and try again.`, balanceCents: null }
		return { ok: false, outcome: 'refused', sentence: `${row.name} refused: ${error.message}.`, balanceCents: null }
	}
}

export interface SupplierProductChoice extends SupplierQuote {
	/** Its cost in rupees at the owner's rate; null without a rate. */
	costRupees: number | null
}

/** The picker: the supplier's products whose names match, each with its cost now in the supplier's currency and in rupees. */
export async function searchSupplierProducts(
	db: Db,
	actor: Actor,
	id: number,
	query: string,
	{ clientFor = (row: SupplierRow) => supplierClient(row) }: { clientFor?: (row: SupplierRow) => SupplierClient } = {},
): Promise<{ products: SupplierProductChoice[]; currency: SupplierCurrency; rupeesPerUnit: number | null; rupeesPerDollar: number | null }> {
	requireGrant(actor, 'suppliers')
	const q = query.trim()
	if (q.length < 3) throw new AppError('BAD_REQUEST', 'Type at least 3 letters of the product’s name to search the supplier.', { q: 'At least 3 letters' })
	if (q.length > SEARCH_LIMITS.query) throw new AppError('BAD_REQUEST', `Search with at most ${SEARCH_LIMITS.query} characters.`, { q: 'Too long' })
	const row = await supplierRow(db, id)
	const costs = await readCostSettings(db)
	const currency = supplierCurrency(row)
	const rate = rupeesPerUnit(costs, currency)
	let found: SupplierQuote[]
	try {
		found = await clientFor(row).search(q)
	} catch (error) {
		if (!isSupplierError(error)) throw error
		throw new AppError('UPSTREAM', `${row.name} could not be searched: ${error.message}.`)
	}
	return {
		currency,
		rupeesPerUnit: rate,
		rupeesPerDollar: costs.rupeesPerDollar,
		products: found.slice(0, SEARCH_LIMITS.results).map((p) => ({ ...p, costRupees: rate ? Math.round((p.unitPriceCents / 100) * rate) : null })),
	}
}

// ——— Purchases, for the owner ———

export interface PurchaseLine {
	id: number
	orderNumber: string
	supplierId: number | null
	supplierProductId: string
	quantity: number
	keysReceived: number
	status: typeof supplierPurchases.$inferSelect.status
	unitPriceCents: number | null
	/** The currency of unitPriceCents: its supplier's (US dollars when the supplier was removed). */
	currency: SupplierCurrency
	/** Why it failed or waits, in English (the console's language). */
	reason: string | null
	createdAt: string
}

export interface SupplierPurchasesSummary {
	supplierId: number
	ordered: number
	delivered: number
	failed: number
	waiting: number
	/** What the delivered codes cost, in cents of the supplier's currency. */
	costCents: number
}

function reasonText(reason: string | null, params: Record<string, string | number> | null): string | null {
	if (!reason) return null
	const key = isMessageKey(reason) ? reason : isMessageKey(`suppliers.${reason}`) ? `suppliers.${reason}` : null
	return key ? inEnglish({ key: key as MessageKey, ...(params ? { params } : {}) }) : reason
}

const PURCHASES_SHOWN = 50

/** Each supplier's purchases counted, the latest ones, and every one waiting for staff (oldest first). */
export async function supplierPurchasesOverview(db: Db | Tx): Promise<{ summaries: SupplierPurchasesSummary[]; recent: PurchaseLine[]; waiting: PurchaseLine[] }> {
	const counts = await db
		.select({
			supplierId: supplierPurchases.supplierId,
			ordered: sql<number>`count(*) filter (where ${supplierPurchases.status} in ('pending', 'ordered'))::integer`,
			delivered: sql<number>`count(*) filter (where ${supplierPurchases.status} = 'delivered')::integer`,
			failed: sql<number>`count(*) filter (where ${supplierPurchases.status} = 'failed')::integer`,
			waiting: sql<number>`count(*) filter (where ${supplierPurchases.status} = 'waiting')::integer`,
			costCents: sql<number>`coalesce(sum(${supplierPurchases.unitPriceCents} * ${supplierPurchases.keysReceived}), 0)::bigint`,
		})
		.from(supplierPurchases)
		.groupBy(supplierPurchases.supplierId)
	const kinds = new Map((await db.select({ id: suppliers.id, kind: suppliers.kind }).from(suppliers)).map((s) => [s.id, s]))
	const currencyOf = (supplierId: number | null): SupplierCurrency => {
		const supplier = supplierId == null ? undefined : kinds.get(supplierId)
		return supplier ? supplierCurrency(supplier) : 'USD'
	}
	const line = (r: typeof supplierPurchases.$inferSelect): PurchaseLine => ({
		id: r.id,
		orderNumber: r.orderNumber,
		supplierId: r.supplierId,
		supplierProductId: r.supplierProductId,
		quantity: r.quantity,
		keysReceived: r.keysReceived,
		status: r.status,
		unitPriceCents: r.unitPriceCents,
		currency: currencyOf(r.supplierId),
		reason: reasonText(r.reason, r.reasonParams ?? null),
		createdAt: r.createdAt.toISOString(),
	})
	const recent = await db.select().from(supplierPurchases).orderBy(desc(supplierPurchases.id)).limit(PURCHASES_SHOWN)
	const waiting = await db.select().from(supplierPurchases).where(eq(supplierPurchases.status, 'waiting')).orderBy(asc(supplierPurchases.id)).limit(PURCHASES_SHOWN)
	return {
		summaries: counts.filter((c) => c.supplierId != null).map((c) => ({ supplierId: c.supplierId!, ordered: Number(c.ordered), delivered: Number(c.delivered), failed: Number(c.failed), waiting: Number(c.waiting), costCents: Number(c.costCents) })),
		recent: recent.map(line),
		waiting: waiting.map(line),
	}
}

// ——— An option's suppliers, on the product's console page ———

export interface OptionSupplyRow {
	supplierId: number
	supplierName: string
	supplierProductId: string
	/** The currency of its prices. */
	currency: SupplierCurrency
	/** The latest cost recorded for it (cents of that currency); null: never recorded, or the supplier no longer sells it. */
	unitPriceCents: number | null
	gone: boolean
	checkedOn: string | null
}

/** The latest recorded cost of each option at each of its suppliers, in order of preference. */
export async function optionSupplyCosts(db: Db | Tx, variantIds: number[]): Promise<Map<number, OptionSupplyRow[]>> {
	const byVariant = new Map<number, OptionSupplyRow[]>()
	if (variantIds.length === 0) return byVariant
	const rows = await db
		.select({
			variantId: variantSupply.variantId,
			supplierId: variantSupply.supplierId,
			supplierName: suppliers.name,
			supplierKind: suppliers.kind,
			supplierProductId: variantSupply.supplierProductId,
			latest: sql<{ unit_price_cents: number | null; day: string } | null>`(select json_build_object('unit_price_cents', c.unit_price_cents, 'day', c.day) from ${supplierCosts} c where c.variant_id = ${variantSupply.variantId} and c.supplier_id = ${variantSupply.supplierId} and c.supplier_product_id = ${variantSupply.supplierProductId} order by c.day desc limit 1)`,
		})
		.from(variantSupply)
		.innerJoin(suppliers, eq(suppliers.id, variantSupply.supplierId))
		.where(inArray(variantSupply.variantId, variantIds))
		.orderBy(asc(variantSupply.variantId), asc(variantSupply.position), asc(variantSupply.supplierId))
	for (const r of rows) {
		const latest = typeof r.latest === 'string' ? (JSON.parse(r.latest) as { unit_price_cents: number | null; day: string }) : r.latest
		byVariant.set(r.variantId, [
			...(byVariant.get(r.variantId) ?? []),
			{ supplierId: r.supplierId, supplierName: r.supplierName, supplierProductId: r.supplierProductId, currency: supplierCurrency({ kind: r.supplierKind }), unitPriceCents: latest?.unit_price_cents ?? null, gone: latest != null && latest.unit_price_cents == null, checkedOn: latest?.day ?? null },
		])
	}
	return byVariant
}

/**
 * The product page's "Suppliers" form for one option: its suppliers in order and its minimum margin,
 * saved by the same command as PATCH /api/admin/products/{id} (`supply`, `minMarginPercent`), with
 * every other option listed as it is.
 */
export async function saveOptionSupply(db: Db, actor: Actor, productId: number, variantId: number, change: { supply: { supplierId: number; supplierProductId: string }[]; minMarginPercent: number | null }) {
	requireGrant(actor, 'catalogue')
	const product = await getAdminProduct(db, productId)
	if (!product.variants.some((v) => v.id === variantId)) throw new AppError('BAD_REQUEST', `Option ${variantId} is not an option of this product.`, { variantId: 'Unknown option' })
	return updateProduct(db, actor, productId, {
		variants: product.variants.map((v) => ({
			id: v.id,
			label: v.label,
			months: v.months,
			value: v.value,
			accountType: v.accountType,
			price: v.price,
			hidden: v.hidden,
			...(v.id === variantId ? { supply: change.supply, minMarginPercent: change.minMarginPercent } : {}),
		})),
	})
}

/** The products page's suppliers, for its pickers: id and name of each one that is on. */
export async function supplierChoices(db: Db | Tx): Promise<{ id: number; name: string; simulator: boolean }[]> {
	return db.select({ id: suppliers.id, name: suppliers.name, simulator: suppliers.simulator }).from(suppliers).where(eq(suppliers.active, true)).orderBy(asc(suppliers.id))
}

export const SUPPLY_FORM_LIMITS = { rows: SUPPLIER_LIMITS.suppliersPerOption } as const

// ——— Options whose margin fell below their minimum ———

export interface BelowMinimum {
	variantId: number
	productId: number
	productName: string
	label: string
	price: number
	supplierName: string
	/** The currency of unitPriceCents. */
	currency: SupplierCurrency
	unitPriceCents: number
	costRupees: number
	/** What the option leaves now after PayPro's fee, in percent of its price (may be negative). */
	marginPercent: number
	minMarginPercent: number
}

/**
 * Options whose first supplier with a recorded price (the one a purchase would go to) now leaves less
 * than their minimum margin after PayPro's fee, at the owner's rate for that supplier's currency.
 * An option whose supplier's currency has no rate is left out (its purchases wait for the rate).
 */
export async function optionsBelowMinimumMargin(db: Db | Tx): Promise<BelowMinimum[]> {
	const settings = await readCostSettings(db)
	const rows = await db
		.select({
			variantId: productVariants.id,
			productId: products.id,
			productName: products.name,
			label: productVariants.label,
			price: productVariants.price,
			minMarginPercent: productVariants.minMarginPercent,
			supplierName: suppliers.name,
			supplierKind: suppliers.kind,
			position: variantSupply.position,
			unitPriceCents: sql<number | null>`(select c.unit_price_cents from ${supplierCosts} c where c.variant_id = ${variantSupply.variantId} and c.supplier_id = ${variantSupply.supplierId} and c.supplier_product_id = ${variantSupply.supplierProductId} order by c.day desc limit 1)`,
		})
		.from(variantSupply)
		.innerJoin(suppliers, and(eq(suppliers.id, variantSupply.supplierId), eq(suppliers.active, true)))
		.innerJoin(productVariants, eq(productVariants.id, variantSupply.variantId))
		.innerJoin(products, eq(products.id, productVariants.productId))
		.where(sql`${productVariants.price} > 0`)
		.orderBy(asc(products.sortOrder), asc(products.id), asc(productVariants.position), asc(productVariants.id), asc(variantSupply.position))
	const seen = new Set<number>()
	const below: BelowMinimum[] = []
	for (const r of rows) {
		if (seen.has(r.variantId) || r.unitPriceCents == null) continue
		seen.add(r.variantId)
		const currency = supplierCurrency({ kind: r.supplierKind })
		const rate = rupeesPerUnit(settings, currency)
		if (!rate) continue
		const cost = (Number(r.unitPriceCents) / 100) * rate
		const left = r.price * (1 - settings.payproFeePercent / 100) - cost
		const margin = (left / r.price) * 100
		const minimum = r.minMarginPercent ?? 0
		if (margin < minimum)
			below.push({
				variantId: r.variantId,
				productId: r.productId,
				productName: r.productName,
				label: r.label,
				price: r.price,
				supplierName: r.supplierName,
				currency,
				unitPriceCents: Number(r.unitPriceCents),
				costRupees: Math.round(cost),
				marginPercent: Math.floor(margin * 10) / 10,
				minMarginPercent: minimum,
			})
	}
	return below
}

export const todayInPakistan = () => pakistanDate(clockNow())
