import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { costColumns, costSchema, type Cost } from '../costs/cost-rules'
import { invalidInput } from '../../utils/field-errors'
import type { Db, Tx } from '../../db/client.server'
import { orderLines, orders, products, productVariants, stockAssignments, stockUnits, type StockMode, type StockUnitKind, type StockUnitStatus } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hasNul } from '../../utils/input'
import { hitRateLimit } from '../rate-limit.server'
import { recordAudit, staffActor, type Actor } from '../staff/audit.server'
import { enqueueJob } from '../jobs/queue.server'
import { maskUnit } from './mask-unit.server'
import { recordUnitRevealed } from '../orders/reveal-delivery.server'
import { fingerprintOf, openUnit, sealUnit } from './stock-crypto.server'
import { codeNotes, normaliseCode } from './stock-normalise.server'
import { STOCK_FIELD_MESSAGES, STOCK_LIMITS, STOCK_MODES } from './stock-rules'
import { lowStockThreshold, stockModeSchema, stockSlots, voidReason } from './stock-input'
import { limitImportWork, UNITS_PER_TURN, yieldToOthers } from '../jobs/cpu-limits.server'
import { may, requireGrant, type GrantHolder } from '../staff/permissions'
import { suppliedUnits } from '../suppliers/supplier-availability.server'

// Stock staff import for a product's variants (issue: stock import and management): codes and
// accounts sealed at rest, recognised by a keyed fingerprint so a duplicate (in the batch, or
// against anything the product ever had, sold or not) is refused without decrypting a unit.
// Secrets never reach the audit log, logs or errors: only counts and unit ids do.

export { STOCK_LIMITS, STOCK_MODES }

/** Units one staff member may see in full per hour. */
export const REVEALS_PER_HOUR = 30

export interface CodeUnit {
	code: string
}
export interface AccountUnit {
	login: string
	password: string
	notes?: string | null
	slots?: number | null
}

export interface ImportStockInput {
	variantId: number
	kind: StockUnitKind
	units: (CodeUnit | AccountUnit)[]
	/** Buyers each unit serves; default 1, or 2 for a shared-account variant's accounts. */
	slots?: number | null
	/** The line each unit came from (a pasted text or a file), for the report; default its 1-based position. */
	lines?: number[]
	/** What each unit of the batch cost (rupees or US dollars): recorded on every unit, it wins over the option's cost when an order is paid. */
	cost?: Cost | null
}

export interface ImportStockReport {
	added: number
	/** Lines refused because their unit is already in stock, or earlier in this import. */
	duplicates: number
	/** Every line not imported, in line order, with the reason. */
	refused: { line: number; reason: string }[]
	/** The refused lines that are not duplicates: empty, too long, not text… */
	skipped: { line: number; reason: string }[]
	/** Lines imported with something the comparison ignores, said out loud. */
	notes: { line: number; note: string }[]
	/** Paid orders waiting for this option's stock: a job serves them right after the import, oldest payment first. */
	waiting: number
	/** The product's delivery mode, when this import changed it (the first units of a hand-delivered product), with the sentence staff read. */
	modeChange: { from: StockMode; to: StockMode; message: string } | null
}

/** What staff read when something other than their own choice changes how a product is delivered. */
export const modeChangeMessage = (productName: string, to: StockMode) =>
	to === 'stock_or_manual'
		? `${productName} now delivers from stock, else by hand: buyers get a unit at payment while stock lasts. Choose “Manual” under Delivery to keep delivering by hand.`
		: `${productName} now delivers ${to === 'manual' ? 'by hand' : 'from stock only'}.`

/** Paid orders still owed units of a line of this option (the staff queue, a handful of rows). */
async function ordersWaitingFor(tx: Tx, variantId: number): Promise<number> {
	const [row] = await tx
		.select({ count: sql<number>`count(*)::integer` })
		.from(orders)
		.where(sql`${orders.undeliveredUnits} > 0 and exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.variantId} = ${variantId})`)
	return Number(row?.count ?? 0)
}

export const STOCK_MESSAGES = {
	productNotFound: 'Product not found.',
	variantNotFound: 'That option is not one of this product’s visible options.',
	noUnits: 'Please give at least one unit: a code per line, or a CSV of accounts.',
	tooMany: `Import at most ${STOCK_LIMITS.units.toLocaleString('en-US')} units at a time, in several batches.`,
	tooLarge: 'The stock is too large: import at most 1 MB at a time.',
	slots: STOCK_FIELD_MESSAGES.slots,
	unitNotFound: 'Stock unit not found.',
	alreadyVoided: 'This unit is already voided.',
	fullyUsed: 'Every slot of this unit was sold: it cannot be voided. Replace it on the order instead.',
	threshold: STOCK_FIELD_MESSAGES.threshold,
	mode: STOCK_FIELD_MESSAGES.mode,
	voidReason: STOCK_FIELD_MESSAGES.voidReason,
	race: 'Someone imported some of these units at the same moment. Import them again: the ones already in are refused as duplicates.',
	revealRefused: 'Only the shop owner, or staff the owner lets reveal stock, may see a unit in full.',
	revealLimited: `You revealed ${REVEALS_PER_HOUR} units in the last hour: try again later.`,
}

/** Why the importer refuses a line (the report's words; a unit's content is never quoted). */
export const IMPORT_REASONS = {
	empty: 'empty: no code on this line',
	emptyAccount: 'empty: no account on this line',
	invisibleOnly: 'only invisible characters or dashes: no code',
	control: 'contains control characters (such as a tab)',
	tooLong: (what: string, max: number) => (what === 'code' ? `longer than ${max} characters` : `${what} longer than ${max} characters`),
	repeated: (line: number) => `duplicate of line ${line} in this import`,
	inThisProduct: (unitId: number) => `already in this product’s stock (unit ${unitId})`,
	inProduct: (name: string, productId: number, unitId: number) => `already in stock of “${name}” (product ${productId}, unit ${unitId})`,
	race: 'already in stock: imported by someone else at the same moment',
}

const isCode = (u: CodeUnit | AccountUnit): u is CodeUnit => typeof (u as CodeUnit).code === 'string'

function checkSlots(slots: number | null | undefined): number | null {
	if (slots == null) return null
	if (!stockSlots.safeParse(slots).success) throw new AppError('BAD_REQUEST', STOCK_MESSAGES.slots, { slots: STOCK_MESSAGES.slots })
	return slots
}

async function visibleVariant(db: Db, productId: number, variantId: number) {
	const [product] = await db.select({ id: products.id, stockMode: products.stockMode }).from(products).where(eq(products.id, productId))
	if (!product) throw new AppError('NOT_FOUND', STOCK_MESSAGES.productNotFound)
	const [variant] = await db
		.select({ id: productVariants.id, accountType: productVariants.accountType, hidden: productVariants.hidden })
		.from(productVariants)
		.where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
	if (!variant || variant.hidden) throw new AppError('BAD_REQUEST', STOCK_MESSAGES.variantNotFound, { variantId: STOCK_MESSAGES.variantNotFound })
	return { product, variant }
}

/** Units already holding these fingerprints that a new unit of `kind` in `productId` would copy: any code of the shop, or anything of this product. */
async function holdersOf(tx: Tx, productId: number, kind: StockUnitKind, prints: string[]) {
	const holders = new Map<string, { unitId: number; productId: number; productName: string }>()
	for (let i = 0; i < prints.length; i += 1000) {
		const found = await tx
			.select({ fingerprint: stockUnits.fingerprint, unitId: stockUnits.id, productId: stockUnits.productId, productName: products.name })
			.from(stockUnits)
			.innerJoin(products, eq(products.id, stockUnits.productId))
			.where(
				and(
					inArray(stockUnits.fingerprint, prints.slice(i, i + 1000)),
					isNull(stockUnits.duplicateOf),
					kind === 'code' ? or(eq(stockUnits.kind, 'code'), eq(stockUnits.productId, productId)) : eq(stockUnits.productId, productId),
				),
			)
		for (const f of found) if (!holders.has(f.fingerprint) || f.productId === productId) holders.set(f.fingerprint, f)
	}
	return holders
}

/**
 * Imports codes or accounts for one variant in one transaction. A code already in stock anywhere in
 * the shop (sold, voided or not), or earlier in the batch, is refused; so is an account whose login
 * this product has. The report names every line not imported and why. One import at a time per
 * server (each encrypts thousands of units); a few more wait, and beyond that the import is refused
 * with a sentence (cpu-limits.server.ts).
 */
export async function importStock(db: Db, actor: Actor, productId: number, input: ImportStockInput): Promise<ImportStockReport> {
	requireGrant(actor, 'catalogue')
	return limitImportWork(() => importStockNow(db, actor, productId, input))
}

async function importStockNow(db: Db, actor: Actor, productId: number, input: ImportStockInput): Promise<ImportStockReport> {
	if (input.units.length === 0) throw new AppError('BAD_REQUEST', STOCK_MESSAGES.noUnits)
	if (input.units.length > STOCK_LIMITS.units) throw new AppError('TOO_LARGE', STOCK_MESSAGES.tooMany)
	if (Buffer.byteLength(JSON.stringify(input.units), 'utf8') > STOCK_LIMITS.bytes) throw new AppError('TOO_LARGE', STOCK_MESSAGES.tooLarge)
	if (hasNul(JSON.stringify(input.units))) throw new AppError('BAD_REQUEST', 'The stock contains characters that are not text.')
	const batchSlots = checkSlots(input.slots)
	const cost = input.cost == null ? null : costSchema.safeParse(input.cost)
	if (cost && !cost.success) throw invalidInput(cost.error, { name: () => 'costAmount' })
	const unitCost = costColumns(cost?.data ?? null)
	const { variant } = await visibleVariant(db, productId, input.variantId)
	const defaultSlots = batchSlots ?? (input.kind === 'account' && variant.accountType === 'shared' ? 2 : 1)

	const refused: ImportStockReport['refused'] = []
	const skipped: ImportStockReport['skipped'] = []
	const rows: { line: number; fingerprint: string; secret: string; keyId: string; slots: number; notes: string[] }[] = []
	const seen = new Map<string, number>()
	const repeats: { line: number; fingerprint: string; of: number }[] = []
	const readUnit = (unit: ImportStockInput['units'][number], index: number) => {
		const line = input.lines?.[index] ?? index + 1
		const skip = (reason: string) => {
			refused.push({ line, reason })
			skipped.push({ line, reason })
		}
		let normalised: string
		let plain: string
		let notes: string[] = []
		let slots = input.kind === 'code' ? (batchSlots ?? 1) : defaultSlots
		if (input.kind === 'code') {
			if (!isCode(unit)) return skip('not a code')
			const code = unit.code.trim()
			if (!code) return skip(IMPORT_REASONS.empty)
			if (/\p{Cc}/u.test(code)) return skip(IMPORT_REASONS.control)
			if (code.length > STOCK_LIMITS.code) return skip(IMPORT_REASONS.tooLong('code', STOCK_LIMITS.code))
			normalised = normaliseCode(code)
			if (!normalised) return skip(IMPORT_REASONS.invisibleOnly)
			plain = code
			notes = codeNotes(code)
		} else {
			if (isCode(unit)) return skip('not an account')
			const login = (unit.login ?? '').trim()
			const password = unit.password ?? ''
			const notesText = (unit.notes ?? '').trim()
			if (!login && !password.trim() && !notesText) return skip(IMPORT_REASONS.emptyAccount)
			if (!login) return skip('no login')
			if (!password.trim()) return skip('no password')
			if (login.length > STOCK_LIMITS.login) return skip(IMPORT_REASONS.tooLong('login', STOCK_LIMITS.login))
			if (password.length > STOCK_LIMITS.password) return skip(IMPORT_REASONS.tooLong('password', STOCK_LIMITS.password))
			if (notesText.length > STOCK_LIMITS.notes) return skip(IMPORT_REASONS.tooLong('notes', STOCK_LIMITS.notes))
			if (unit.slots != null) {
				if (!stockSlots.safeParse(unit.slots).success) return skip(`slots must be from 1 to ${STOCK_LIMITS.slots}`)
				slots = unit.slots
			}
			normalised = login.normalize('NFKC').toLowerCase()
			plain = JSON.stringify({ login, password, notes: notesText || null })
		}
		const fingerprint = fingerprintOf(normalised)
		const earlier = seen.get(fingerprint)
		if (earlier !== undefined) return void repeats.push({ line, fingerprint, of: earlier })
		seen.set(fingerprint, line)
		rows.push({ line, fingerprint, ...sealUnit(plain), slots, notes })
	}
	// Thousands of units are hashed and sealed a few hundred at a time, letting other requests in between.
	for (let i = 0; i < input.units.length; i += UNITS_PER_TURN) {
		input.units.slice(i, i + UNITS_PER_TURN).forEach((unit, j) => readUnit(unit, i + j))
		await yieldToOthers()
	}

	let report: ImportStockReport
	try {
		report = await db.transaction(async (tx) => {
			// Codes are unique across the shop: imports take turns, so each sees what the one before
			// added. The unique indexes stand behind this (a unit inserted any other way is refused too).
			await tx.execute(sql`select pg_advisory_xact_lock(7303, 0)`)
			const reasonFor = (holder: { unitId: number; productId: number; productName: string } | undefined) =>
				!holder ? IMPORT_REASONS.race : holder.productId === productId ? IMPORT_REASONS.inThisProduct(holder.unitId) : IMPORT_REASONS.inProduct(holder.productName, holder.productId, holder.unitId)
			const known = await holdersOf(tx, productId, input.kind, rows.map((r) => r.fingerprint))
			const fresh = rows.filter((r) => {
				if (known.has(r.fingerprint)) refused.push({ line: r.line, reason: reasonFor(known.get(r.fingerprint)) })
				return !known.has(r.fingerprint)
			})
			// A line repeating one already in stock is refused for that; one repeating a new line, as a repeat.
			for (const r of repeats) refused.push({ line: r.line, reason: known.has(r.fingerprint) ? reasonFor(known.get(r.fingerprint)) : IMPORT_REASONS.repeated(r.of) })
			const added: number[] = []
			const insertedPrints = new Set<string>()
			for (let i = 0; i < fresh.length; i += 500) {
				const inserted = await tx
					.insert(stockUnits)
					.values(fresh.slice(i, i + 500).map((r) => ({ productId, variantId: input.variantId, kind: input.kind, secret: r.secret, keyId: r.keyId, fingerprint: r.fingerprint, fingerprintVersion: 2, slots: r.slots, importedBy: actor.label, ...unitCost })))
					.onConflictDoNothing()
					.returning({ id: stockUnits.id, fingerprint: stockUnits.fingerprint })
				for (const u of inserted) {
					added.push(u.id)
					insertedPrints.add(u.fingerprint)
				}
			}
			// A unit another transaction committed between the check and the insert: the index kept it out.
			const lost = fresh.filter((r) => !insertedPrints.has(r.fingerprint))
			if (lost.length) {
				const holders = await holdersOf(tx, productId, input.kind, lost.map((r) => r.fingerprint))
				for (const r of lost) refused.push({ line: r.line, reason: reasonFor(holders.get(r.fingerprint)) })
			}
			refused.sort((a, b) => a.line - b.line)
			const notes = fresh.filter((r) => insertedPrints.has(r.fingerprint)).flatMap((r) => r.notes.map((note) => ({ line: r.line, note })))
			const report: ImportStockReport = { added: added.length, duplicates: refused.length - skipped.length, refused, skipped, notes, waiting: 0, modeChange: null }
			if (added.length) {
				// New stock serves the paid orders waiting for it, after this answer: each is a transaction
				// and an email of its own, and staff need not wait for them. Queued with the units, so a
				// crash cannot lose it; the minute sweep serves the queue as well.
				report.waiting = await ordersWaitingFor(tx, input.variantId)
				if (report.waiting) await enqueueJob(tx, { kind: 'serve-stock-queue', payload: { productId, variantId: input.variantId }, dedupeKey: `serve-stock-queue:${added[0]}` })
				// The first units make a hand-delivered product deliver from stock (sold by hand when out).
				const switched = await tx
					.update(products)
					.set({ stockMode: 'stock_or_manual', updatedAt: new Date() })
					.where(and(eq(products.id, productId), eq(products.stockMode, 'manual')))
					.returning({ id: products.id, name: products.name })
				if (switched[0]) {
					report.modeChange = { from: 'manual', to: 'stock_or_manual', message: modeChangeMessage(switched[0].name, 'stock_or_manual') }
					// Said as its own entry: the delivery changed without staff choosing it.
					await recordAudit(tx, actor, { action: 'stock.mode', target: `product ${productId}`, before: { stockMode: 'manual' }, after: { stockMode: 'stock_or_manual' }, note: 'The first units were imported: delivered from stock, else by hand.' })
				}
				await recordAudit(tx, actor, {
					action: 'stock.import',
					target: `product ${productId}`,
					after: { variantId: input.variantId, kind: input.kind, added: added.length, duplicates: report.duplicates, skipped: skipped.length, firstUnitId: added[0], lastUnitId: added.at(-1), ...(switched.length ? { stockMode: 'stock_or_manual' } : {}) },
				})
			}
			return report
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AppError('CONFLICT', STOCK_MESSAGES.race)
		throw error
	}
	return report
}

function isUniqueViolation(error: unknown): boolean {
	for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
		if ((e as { code?: string }).code === '23505') return true
	}
	return false
}

export interface VariantStock {
	variantId: number
	label: string
	hidden: boolean
	/** Free slots of available units: how many more buyers stock can serve. */
	available: number
	/** Units at least one buyer got. */
	sold: number
	voided: number
	lowStockThreshold: number
	low: boolean
}

/** The product's stock per variant (hidden variants last), with its mode. */
export async function stockCounts(db: Db, productId: number): Promise<{ productId: number; stockMode: StockMode; variants: VariantStock[] }> {
	const [product] = await db.select({ id: products.id, stockMode: products.stockMode }).from(products).where(eq(products.id, productId))
	if (!product) throw new AppError('NOT_FOUND', STOCK_MESSAGES.productNotFound)
	const variants = await db
		.select({ id: productVariants.id, label: productVariants.label, accountType: productVariants.accountType, hidden: productVariants.hidden, lowStockThreshold: productVariants.lowStockThreshold })
		.from(productVariants)
		.where(eq(productVariants.productId, productId))
		.orderBy(asc(productVariants.hidden), asc(productVariants.position), asc(productVariants.id))
	const counts = await db
		.select({
			variantId: stockUnits.variantId,
			available: sql<number>`coalesce(sum(case when ${stockUnits.status} = 'available' then ${stockUnits.slots} - ${stockUnits.slotsUsed} else 0 end), 0)::integer`,
			sold: sql<number>`count(*) filter (where ${stockUnits.slotsUsed} > 0 or ${stockUnits.status} = 'used')::integer`,
			voided: sql<number>`count(*) filter (where ${stockUnits.status} = 'voided')::integer`,
		})
		.from(stockUnits)
		.where(eq(stockUnits.productId, productId))
		.groupBy(stockUnits.variantId)
	const byVariant = new Map(counts.map((c) => [c.variantId, c]))
	return {
		productId,
		stockMode: product.stockMode,
		variants: variants.map((v) => {
			const c = byVariant.get(v.id)
			const available = Number(c?.available ?? 0)
			// Private and shared options often share a label ('1 Month'): the account type tells them apart.
			const label = v.accountType && !v.label.toLowerCase().includes(v.accountType) ? `${v.label} (${v.accountType})` : v.label
			return { variantId: v.id, label, hidden: v.hidden, available, sold: Number(c?.sold ?? 0), voided: Number(c?.voided ?? 0), lowStockThreshold: v.lowStockThreshold, low: available <= v.lowStockThreshold }
		}),
	}
}

/** Voids a unit's unsold slots (a bad code, a locked account); a unit every buyer of which got it cannot be voided. A unit of another product is not found. */
export async function voidUnit(db: Db, actor: Actor, productId: number, unitId: number, reason: string): Promise<void> {
	requireGrant(actor, 'catalogue')
	const said = voidReason.safeParse(reason)
	if (!said.success) throw new AppError('BAD_REQUEST', STOCK_MESSAGES.voidReason, { reason: STOCK_MESSAGES.voidReason })
	const why = said.data
	await db.transaction(async (tx) => {
		const [unit] = await tx.select({ id: stockUnits.id, productId: stockUnits.productId, status: stockUnits.status, slots: stockUnits.slots, slotsUsed: stockUnits.slotsUsed }).from(stockUnits).where(and(eq(stockUnits.id, unitId), eq(stockUnits.productId, productId))).for('update')
		if (!unit) throw new AppError('NOT_FOUND', STOCK_MESSAGES.unitNotFound)
		if (unit.status === 'voided') throw new AppError('CONFLICT', STOCK_MESSAGES.alreadyVoided)
		if (unit.status === 'used' || unit.slotsUsed >= unit.slots) throw new AppError('CONFLICT', STOCK_MESSAGES.fullyUsed)
		await tx.update(stockUnits).set({ status: 'voided', voidReason: why, voidedAt: new Date() }).where(eq(stockUnits.id, unitId))
		await recordAudit(tx, actor, {
			action: 'stock.void',
			target: `product ${unit.productId}`,
			before: { unitId, status: unit.status, freeSlots: unit.slots - unit.slotsUsed },
			after: { unitId, status: 'voided' },
			note: why,
		})
	})
}

export async function setLowStockThreshold(db: Db, actor: Actor, productId: number, variantId: number, threshold: number): Promise<void> {
	requireGrant(actor, 'catalogue')
	if (!lowStockThreshold.safeParse(threshold).success) throw new AppError('BAD_REQUEST', STOCK_MESSAGES.threshold, { threshold: STOCK_MESSAGES.threshold })
	await db.transaction(async (tx) => {
		const [variant] = await tx
			.select({ id: productVariants.id, threshold: productVariants.lowStockThreshold })
			.from(productVariants)
			.where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
		if (!variant) throw new AppError('NOT_FOUND', STOCK_MESSAGES.variantNotFound)
		if (variant.threshold === threshold) return
		await tx.update(productVariants).set({ lowStockThreshold: threshold }).where(eq(productVariants.id, variantId))
		await recordAudit(tx, actor, { action: 'stock.threshold', target: `product ${productId}`, before: { variantId, lowStockThreshold: variant.threshold }, after: { variantId, lowStockThreshold: threshold } })
	})
}

export async function setStockMode(db: Db, actor: Actor, productId: number, mode: string): Promise<void> {
	requireGrant(actor, 'catalogue')
	if (!stockModeSchema.safeParse(mode).success) throw new AppError('BAD_REQUEST', STOCK_MESSAGES.mode, { stockMode: STOCK_MESSAGES.mode })
	await db.transaction(async (tx) => {
		const [product] = await tx.select({ stockMode: products.stockMode }).from(products).where(eq(products.id, productId))
		if (!product) throw new AppError('NOT_FOUND', STOCK_MESSAGES.productNotFound)
		if (product.stockMode === mode) return
		await tx.update(products).set({ stockMode: mode as StockMode, updatedAt: new Date() }).where(eq(products.id, productId))
		await recordAudit(tx, actor, { action: 'stock.mode', target: `product ${productId}`, before: { stockMode: product.stockMode }, after: { stockMode: mode } })
	})
}

export interface ListedUnit {
	id: number
	variantId: number
	kind: StockUnitKind
	/** The last characters only, e.g. '•••• 7K2Q' or 'ali•••@gmail.com'. */
	masked: string
	slots: number
	slotsUsed: number
	status: StockUnitStatus
	voidReason: string | null
	createdAt: string
	orders: { orderNumber: string; slot: number; replaced: boolean }[]
}

export const UNITS_PER_PAGE = 50

/** One page of the product's units, masked, newest first, with the orders that got them. */
export async function listUnits(db: Db, productId: number, options: { variantId?: number | null; status?: StockUnitStatus | null; page?: number }) {
	const page = Math.max(1, options.page ?? 1)
	const where = and(
		eq(stockUnits.productId, productId),
		options.variantId ? eq(stockUnits.variantId, options.variantId) : undefined,
		options.status ? eq(stockUnits.status, options.status) : undefined,
	)
	const [{ total }] = await db.select({ total: sql<number>`count(*)::integer` }).from(stockUnits).where(where)
	const units = await db
		.select()
		.from(stockUnits)
		.where(where)
		.orderBy(desc(stockUnits.id))
		.limit(UNITS_PER_PAGE)
		.offset((page - 1) * UNITS_PER_PAGE)
	const assignments = units.length
		? await db
				.select({ unitId: stockAssignments.unitId, orderNumber: stockAssignments.orderNumber, slot: stockAssignments.slot, replacedAt: stockAssignments.replacedAt })
				.from(stockAssignments)
				.where(inArray(stockAssignments.unitId, units.map((u) => u.id)))
				.orderBy(asc(stockAssignments.slot))
		: []
	const list: ListedUnit[] = units.map((u) => {
		const masked = maskUnit(u)
		return {
			id: u.id,
			variantId: u.variantId,
			kind: u.kind,
			masked,
			slots: u.slots,
			slotsUsed: u.slotsUsed,
			status: u.status,
			voidReason: u.voidReason,
			createdAt: u.createdAt.toISOString(),
			orders: assignments.filter((a) => a.unitId === u.id).map((a) => ({ orderNumber: a.orderNumber, slot: a.slot, replaced: a.replacedAt !== null })),
		}
	})
	return { units: list, total: Number(total), page, perPage: UNITS_PER_PAGE }
}

export type RevealedUnit = { kind: 'code'; code: string } | { kind: 'account'; login: string; password: string; notes: string | null }

/** Who may see a unit in full: the owner, or staff the owner lets reveal stock. */
export interface RevealingStaff extends GrantHolder {
	id: number
	email: string
}

/**
 * A unit of this product in full: the owner's, or staff the owner lets reveal stock; at most
 * REVEALS_PER_HOUR an hour per staff member, each audited (the unit's id, never its content).
 */
export async function revealUnit(db: Db, staff: RevealingStaff, productId: number, unitId: number): Promise<RevealedUnit> {
	if (!may(staff, 'reveal-stock')) throw new AppError('FORBIDDEN', STOCK_MESSAGES.revealRefused)
	// Every attempt counts, a unit that is not there too; the counter commits on its own (rate-limit.server.ts).
	await hitRateLimit(db, `stock-reveal:${staff.id}`, { limit: REVEALS_PER_HOUR, windowSeconds: 3600, message: STOCK_MESSAGES.revealLimited })
	return db.transaction(async (tx) => {
		const [unit] = await tx.select().from(stockUnits).where(and(eq(stockUnits.id, unitId), eq(stockUnits.productId, productId)))
		if (!unit) throw new AppError('NOT_FOUND', STOCK_MESSAGES.unitNotFound)
		let plain: string
		try {
			plain = openUnit(unit)
		} catch {
			throw new AppError('CONFLICT', 'This unit was sealed with a delivery key the shop no longer has loaded.')
		}
		await recordAudit(tx, staffActor(staff), { action: 'stock.reveal', target: `product ${productId}`, after: { unitId } })
		// A sold unit staff read may be passed to its buyer by hand: its orders count as having seen it.
		await recordUnitRevealed(tx, unitId, { kind: 'staff', staffId: staff.id, name: staff.email })
		if (unit.kind === 'code') return { kind: 'code', code: plain }
		const account = JSON.parse(plain) as { login: string; password: string; notes: string | null }
		return { kind: 'account', login: account.login, password: account.password, notes: account.notes ?? null }
	})
}

export type Availability = 'instant' | 'few' | 'out' | 'manual'

/** What the storefront says per variant: 'instant', 'few' (only a few left), 'out', or 'manual' (delivered by hand, stock aside); and which products are 'stock_only'. */
export async function stockAvailability(db: Db, productIds: number[]): Promise<{ availability: Map<number, Availability>; stockOnly: Set<number> }> {
	const availability = new Map<number, Availability>()
	const stockOnly = new Set<number>()
	if (productIds.length === 0) return { availability, stockOnly }
	const rows = await db
		.select({
			productId: productVariants.productId,
			variantId: productVariants.id,
			stockMode: products.stockMode,
			threshold: productVariants.lowStockThreshold,
			supplied: sql<boolean>`exists (select 1 from variant_supply vs where vs.variant_id = ${productVariants.id})`,
			// Codes bought for an order are that order's (ADR-053).
			free: sql<number>`coalesce((select sum(${stockUnits.slots} - ${stockUnits.slotsUsed}) from ${stockUnits} where ${stockUnits.variantId} = ${productVariants.id} and ${stockUnits.status} = 'available' and ${stockUnits.forOrderId} is null), 0)::integer`,
		})
		.from(productVariants)
		.innerJoin(products, eq(products.id, productVariants.productId))
		.where(inArray(productVariants.productId, productIds))
	// An option out of stock that a supplier has can be bought now (ADR-053): it reads as in stock.
	const out = rows.filter((r) => (r.stockMode !== 'manual' || r.supplied) && Number(r.free) <= 0).map((r) => r.variantId)
	const supplied = out.length ? await suppliedUnits(db, out) : new Map<number, number>()
	for (const r of rows) {
		const free = Number(r.free) + (supplied.get(r.variantId) ?? 0)
		if (r.stockMode === 'stock_only') stockOnly.add(r.productId)
		if (r.stockMode === 'manual' && !r.supplied) availability.set(r.variantId, 'manual')
		else if (free <= 0) availability.set(r.variantId, 'out')
		else if (free <= Math.max(1, r.threshold)) availability.set(r.variantId, 'few')
		else availability.set(r.variantId, 'instant')
	}
	return { availability, stockOnly }
}

/**
 * Whether a variant of a 'stock_only' product has no free slot left, so checkout refuses it: the one
 * statement of that rule, as a condition on a variant's id and its product's stock mode (qualified
 * names: drizzle leaves columns unqualified in a one-table select).
 */
export const soldOutStockOnly = (variantId: SQL, stockMode: SQL) =>
	sql<boolean>`(${stockMode} = 'stock_only' and not exists (select 1 from stock_units su where su.variant_id = ${variantId} and su.status = 'available' and su.slots_used < su.slots and su.for_order_id is null))`
