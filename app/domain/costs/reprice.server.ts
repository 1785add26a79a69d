import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { products, productVariants } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { formatRs, MAX_PRICE } from '../../utils/money'
import { recordAudit, type Actor } from '../staff/audit.server'
import { notifyStoreChanged } from '../store-changes.server'
import { costFromColumns, costText, exactRupees, rateText, repricedPrice, type Cost, type RoundTo } from './cost-rules'
import { readCostSettings } from './cost-settings.server'
import { requireOwner } from '../staff/permissions'
import { optionsBelowMinimumMargin, type BelowMinimum } from '../suppliers/supplier-console.server'

// The owner's repricing: options chosen by id, platform or product, priced cost × rate × (1 + margin %)
// rounded up to Rs. 10, 50 or 100. A preview lists every old and new price; applying writes them in
// one transaction with one audit entry, and clears every instance's cached catalogue and pages.

export interface RepriceRow {
	variantId: number
	productId: number
	productName: string
	label: string
	hidden: boolean
	cost: Cost | null
	/** The cost in rupees at the rate (rounded), when known. */
	costRupees: number | null
	oldPrice: number
	newPrice: number | null
	/** Why this option is left as it is (no cost, a dollar cost without a rate, the custom entry). */
	skipped: string | null
}

export interface RepricePlan {
	marginPercent: number
	roundTo: RoundTo
	rate: { rupeesPerDollar: number; setAt: string | null; text: string } | null
	rows: RepriceRow[]
	/** Options whose price changes. */
	changing: number
	skipped: number
	applied: boolean
	/** Chosen options whose supplier's latest price leaves less than their minimum margin (ADR-054). */
	belowMinimum: BelowMinimum[]
}

export interface RepriceChoice {
	variantIds?: number[]
	productId?: number
	platform?: 'xbox' | 'playstation' | 'pc'
	marginPercent: number
	roundTo: RoundTo
}

async function plan(db: Db | Tx, choice: RepriceChoice, lock: boolean): Promise<RepricePlan> {
	const settings = await readCostSettings(db)
	const rate = settings.rupeesPerDollar
	const where: SQL[] = []
	if (choice.variantIds) where.push(choice.variantIds.length ? inArray(productVariants.id, choice.variantIds) : sql`false`)
	if (choice.productId != null) where.push(eq(productVariants.productId, choice.productId))
	if (choice.platform) where.push(eq(products.platform, choice.platform))
	const query = db
		.select({
			variantId: productVariants.id,
			productId: products.id,
			productName: products.name,
			label: productVariants.label,
			hidden: productVariants.hidden,
			months: productVariants.months,
			value: productVariants.value,
			price: productVariants.price,
			costRupees: productVariants.costRupees,
			costUsdCents: productVariants.costUsdCents,
		})
		.from(productVariants)
		.innerJoin(products, eq(products.id, productVariants.productId))
		.where(where.length ? and(...where) : undefined)
		.orderBy(asc(products.sortOrder), asc(products.id), asc(productVariants.position), asc(productVariants.id))
	const found = lock ? await query.for('update', { of: productVariants }) : await query
	if (choice.variantIds) {
		const missing = choice.variantIds.filter((id) => !found.some((r) => r.variantId === id))
		if (missing.length) throw new AppError('BAD_REQUEST', `No option has the id ${missing.slice(0, 5).join(', ')}.`, { variantIds: 'Unknown option' })
	}
	const rows = found.map((r): RepriceRow => {
		const cost = costFromColumns(r)
		const exact = exactRupees(cost, rate)
		const custom = r.price === 0 && (r.months === 0 || r.value === 0)
		const skipped = custom
			? 'The custom entry is quoted on WhatsApp: it has no price to change.'
			: !cost
				? 'No cost: give this option a cost on its product’s page.'
				: exact == null
					? `Its cost is ${costText(cost)} and no dollar rate is set: set it on the Store details page.`
					: null
		return {
			variantId: r.variantId,
			productId: r.productId,
			productName: r.productName,
			label: r.label,
			hidden: r.hidden,
			cost,
			costRupees: exact == null ? null : Math.round(exact),
			oldPrice: r.price,
			newPrice: skipped || exact == null ? null : repricedPrice(exact, choice.marginPercent, choice.roundTo),
			skipped,
		}
	})
	refuseTooDear(rows, choice.marginPercent)
	const chosen = new Set(rows.map((r) => r.variantId))
	const belowMinimum = (await optionsBelowMinimumMargin(db)).filter((b) => chosen.has(b.variantId))
	return {
		marginPercent: choice.marginPercent,
		roundTo: choice.roundTo,
		rate: rate == null ? null : { rupeesPerDollar: rate, setAt: settings.rateSetAt, text: rateText(rate) },
		rows,
		changing: rows.filter((r) => r.newPrice != null && r.newPrice !== r.oldPrice).length,
		skipped: rows.filter((r) => r.skipped).length,
		applied: false,
		belowMinimum,
	}
}

/** A new price past the cap refuses the whole reprice (none is clamped), naming what would pass it. */
function refuseTooDear(rows: RepriceRow[], marginPercent: number): void {
	const tooDear = rows.filter((r) => r.newPrice != null && r.newPrice > MAX_PRICE)
	if (!tooDear.length) return
	const named = tooDear.slice(0, 5).map((r) => `${r.productName} (${r.label}: ${formatRs(r.newPrice!)})`)
	const more = tooDear.length > 5 ? ` and ${tooDear.length - 5} more` : ''
	const sentence = `Nothing was repriced: at ${marginPercent} % ${named.join(', ')}${more} would pass ${formatRs(MAX_PRICE)}, the most a price can be. Choose a smaller margin, or leave ${tooDear.length === 1 ? 'that option' : 'those options'} out.`
	throw new AppError('BAD_REQUEST', sentence, { marginPercent: sentence })
}

/** Every chosen option with its old and new price, nothing written. */
export const previewReprice = (db: Db, choice: RepriceChoice) => plan(db, choice, false)

/** Writes the new prices in one transaction, audited, and tells every instance the catalogue changed. */
export async function applyReprice(db: Db, actor: Actor, choice: RepriceChoice): Promise<RepricePlan> {
	requireOwner(actor)
	return db.transaction(async (tx) => {
		const result = await plan(tx, choice, true)
		const changes = result.rows.filter((r) => r.newPrice != null && r.newPrice !== r.oldPrice)
		for (const row of changes) await tx.update(productVariants).set({ price: row.newPrice!, updatedAt: sql`now()` }).where(eq(productVariants.id, row.variantId))
		const productIds = [...new Set(changes.map((r) => r.productId))]
		if (productIds.length) await tx.update(products).set({ updatedAt: sql`now()` }).where(inArray(products.id, productIds))
		if (changes.length) {
			await recordAudit(tx, actor, {
				action: 'product.reprice',
				target: productIds.length === 1 ? `product ${productIds[0]}` : `${productIds.length} products`,
				before: { prices: Object.fromEntries(changes.map((r) => [r.variantId, r.oldPrice])) },
				after: { prices: Object.fromEntries(changes.map((r) => [r.variantId, r.newPrice])), marginPercent: choice.marginPercent, roundTo: choice.roundTo, rate: result.rate?.rupeesPerDollar ?? null },
			})
			await notifyStoreChanged(tx, 'catalogue')
		}
		return { ...result, applied: true }
	})
}

/** What the reprice page offers to choose from: every product, by the shop's order. */
export async function repriceProducts(db: Db) {
	return db
		.select({ id: products.id, name: products.name, platform: products.platform, visible: products.visible })
		.from(products)
		.orderBy(asc(products.sortOrder), asc(products.id))
}

/** The page's "scope" choice as the options to reprice. */
export function scopeChoice(scope: string): Pick<RepriceChoice, 'productId' | 'platform'> {
	if (scope.startsWith('platform:')) return { platform: scope.slice(9) as RepriceChoice['platform'] }
	if (scope.startsWith('product:')) return { productId: Number(scope.slice(8)) }
	return {}
}
