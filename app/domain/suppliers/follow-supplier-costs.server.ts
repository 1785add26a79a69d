import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { productVariants, products, supplierCosts, suppliers, supplierWatch, variantSupply } from '../../db/schema'
import { now as clockNow } from '../../utils/clock'
import { logger } from '../../utils/logger.server'
import { absoluteUrl } from '../../utils/origin.server'
import { pakistanDate } from '../../utils/pakistan-time'
import { queueAlert } from '../alerts/queue-alert.server'
import { isSupplierError, type SupplierClient } from './supplier-client'
import { supplierMoneyText } from './supplier-console'
import { supplierClient, supplierCurrency, type SupplierRow } from './supplier-registry.server'

// Costs follow the suppliers (ADR-054): once a Pakistan day, each switched-on supplier is asked its
// balance and the price of every product an option buys from it. The day's price is kept per
// option (supplier_costs), which the reprice page reads for options below their minimum margin;
// staff are alerted once when a balance falls below its threshold, and once when a supplier no
// longer sells a product an option buys.

/** Mapped products asked per run: a bound on the calls one day's job makes. */
const MAX_QUOTES = 2000

export interface FollowResult {
	suppliers: number
	quoted: number
	gone: number
	alerts: number
}

export async function followSupplierCosts(db: Db, { clientFor = (row: SupplierRow) => supplierClient(row), now = clockNow() }: { clientFor?: (row: SupplierRow) => SupplierClient; now?: Date } = {}): Promise<FollowResult> {
	const day = pakistanDate(now)
	const result: FollowResult = { suppliers: 0, quoted: 0, gone: 0, alerts: 0 }
	const active = await db.select().from(suppliers).where(eq(suppliers.active, true)).orderBy(asc(suppliers.id))
	for (const supplier of active) {
		result.suppliers++
		const client = clientFor(supplier)
		result.alerts += await checkBalance(db, supplier, client, now)
		const mapped = await db
			.select({ variantId: variantSupply.variantId, supplierProductId: variantSupply.supplierProductId, label: productVariants.label, productId: products.id, productName: products.name })
			.from(variantSupply)
			.innerJoin(productVariants, eq(productVariants.id, variantSupply.variantId))
			.innerJoin(products, eq(products.id, productVariants.productId))
			.where(eq(variantSupply.supplierId, supplier.id))
			.orderBy(asc(variantSupply.variantId))
			.limit(MAX_QUOTES)
		// One call per distinct product: two options buying the same product share its price.
		const quotes = new Map<string, Awaited<ReturnType<SupplierClient['quote']>> | 'unknown'>()
		for (const m of mapped) {
			if (result.quoted >= MAX_QUOTES) break
			if (!quotes.has(m.supplierProductId)) {
				try {
					quotes.set(m.supplierProductId, await client.quote(m.supplierProductId))
					result.quoted++
				} catch (error) {
					if (!isSupplierError(error)) throw error
					// Unreachable or refused today: nothing is recorded, tomorrow asks again.
					logger.warn({ supplierId: supplier.id, productId: m.supplierProductId, failure: error.failure }, 'supplier price not read')
					quotes.set(m.supplierProductId, 'unknown')
				}
			}
			const quote = quotes.get(m.supplierProductId)
			if (quote === 'unknown' || quote === undefined) continue
			const values = { unitPriceCents: quote?.unitPriceCents ?? null, available: quote ? quote.available : null, checkedAt: now }
			await db
				.insert(supplierCosts)
				.values({ variantId: m.variantId, supplierId: supplier.id, supplierProductId: m.supplierProductId, day, ...values })
				.onConflictDoUpdate({ target: [supplierCosts.variantId, supplierCosts.supplierId, supplierCosts.day], set: { supplierProductId: m.supplierProductId, ...values } })
			if (quote === null) {
				result.gone++
				// One alert per option and product: the same product gone again tomorrow says nothing new.
				result.alerts += await queueAlert(
					db,
					{
						event: 'supplier',
						key: `supplier-product-gone:${supplier.id}:${m.variantId}:${m.supplierProductId}`,
						subject: `${supplier.name} no longer sells ${m.productName} (${m.label})`,
						text: [
							`${supplier.name} no longer sells the product ${m.supplierProductId}, which ${m.productName} (${m.label}) buys when its stock runs out.`,
							'Choose another product or supplier for the option, or import stock.',
							'',
							absoluteUrl(`/admin/products/${m.productId}#suppliers`),
						].join('\n'),
					},
					{ now },
				)
			}
		}
	}
	return result
}

/** Reads the balance and alerts once each time it falls below the supplier's threshold. Returns alerts written. */
async function checkBalance(db: Db, supplier: typeof suppliers.$inferSelect, client: SupplierClient, now: Date): Promise<number> {
	let cents: number
	try {
		cents = (await client.balance()).cents
	} catch (error) {
		if (!isSupplierError(error)) throw error
		await db
			.insert(supplierWatch)
			.values({ supplierId: supplier.id, checkProblem: error.message, balanceCheckedAt: now })
			.onConflictDoUpdate({ target: supplierWatch.supplierId, set: { checkProblem: error.message, balanceCheckedAt: now } })
		return 0
	}
	const [watch] = await db
		.insert(supplierWatch)
		.values({ supplierId: supplier.id, balanceCents: cents, checkProblem: null, balanceCheckedAt: now })
		.onConflictDoUpdate({ target: supplierWatch.supplierId, set: { balanceCents: cents, checkProblem: null, balanceCheckedAt: now } })
		.returning()
	const threshold = watch!.lowBalanceCents
	if (threshold == null || cents >= threshold) {
		if (watch!.lowSince) await db.update(supplierWatch).set({ lowSince: null }).where(eq(supplierWatch.supplierId, supplier.id))
		return 0
	}
	if (watch!.lowSince) return 0
	// Marked first: only the run that marks it writes the alert.
	const marked = await db
		.update(supplierWatch)
		.set({ lowSince: now })
		.where(and(eq(supplierWatch.supplierId, supplier.id), isNull(supplierWatch.lowSince)))
		.returning({ lowSince: supplierWatch.lowSince })
	if (marked.length === 0) return 0
	const money = (c: number) => supplierMoneyText(c, supplierCurrency(supplier))
	return queueAlert(
		db,
		{
			event: 'supplier',
			key: `supplier-balance-low:${supplier.id}:${now.toISOString()}`,
			subject: `${supplier.name}: balance low (${money(cents)})`,
			text: [`${supplier.name} can spend ${money(cents)}, below the ${money(threshold)} you chose. Add funds there so paid orders are not held.`, '', absoluteUrl('/admin/suppliers')].join('\n'),
		},
		{ now },
	)
}
