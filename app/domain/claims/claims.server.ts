import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import { orderLines, orders, products, stockAssignments, stockUnits, unitClaims, type ClaimAnswer, type ClaimStatus } from '../../db/schema'
import { words } from '../../i18n/words'
import { AppError } from '../../utils/app-error'
import { now } from '../../utils/clock'
import { textSchema } from '../../utils/input'
import { formatPakistanDay } from '../../utils/pakistan-time'
import type { FileStore } from '../files/file-store.server'
import type { Order, OrderRow } from '../orders/order'
import { PAID_STATES } from '../orders/order-state'
import { lockOrder, tellOrderEvent } from '../orders/order-store/transition.server'
import { revealStateOf, seenByBuyer } from '../orders/reveal-delivery.server'
import { removeQuietly, storeUploadedImage, type UploadLimits } from '../payments/attach-receipt.server'
import { RECEIPT_DAILY_LIMIT, RECEIPT_MISSING, RECEIPT_NOT_IMAGE, RECEIPT_STORE_FULL, RECEIPT_TOO_LARGE } from '../payments/receipt-rules'
import { REFUND_METHODS } from '../refunds/refund-input'
import { refundOrderIn } from '../refunds/refund-order.server'
import { readStoreDetails } from '../settings/store-details.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { requireGrant } from '../staff/permissions'
import { maskUnit } from '../stock/mask-unit.server'
import { replaceUnitIn } from '../stock/order-stock.server'
import { alertLowStock } from '../stock/stock-alerts.server'
import { CLAIM_ANSWERS, CLAIM_REASON_MAX, CLAIM_TEXT_MAX, type UnitClaimView } from './claim-rules'

// Claims (ADR-052): a buyer says a delivered unit does not work, with a screenshot and a sentence; staff
// answer with a replacement from stock, a refund of that unit, or a refusal with a reason the buyer
// reads. One claim per unit, ever (its answer is final: a replacement is a new unit, which may be
// claimed in turn). A claim is made under the order row's lock, so claims at once on one order (two
// taps, two units) are told apart: the unique index makes one claim of a unit, the lock one automatic
// replacement of an order. Every answer is one transaction with what it does (the unit replaced, the
// refund), its audit entry and the order event that tells the buyer.

/** The shop itself, answering a claim at once with a replacement (the product's switch). */
const AUTOMATIC: Actor = { label: 'automatic replacement' }

export const CLAIM_MESSAGES = {
	notFound: 'Claim not found.',
	answered: 'This claim was answered already: reload the queue.',
	reasonMissing: 'Please write a reason: the buyer reads it on their order page and in the email.',
	reasonLong: `Please keep the reason to ${CLAIM_REASON_MAX} characters.`,
	method: 'Please choose how the money goes back: PayPro, bank, wallet or store credit.',
	answer: `answer must be one of: ${CLAIM_ANSWERS.join(', ')}.`,
	handDelivery: 'This claim is on what staff typed by hand: there is no stock unit to replace. Send the buyer a new one on the order page, then refuse or refund the claim.',
	noStockWaiting: 'No stock to replace it automatically: import more, then answer.',
	usedOnce: 'This order had its automatic replacement already: answer by hand.',
} as const

const claimText = textSchema().pipe(z.string().min(1, 'claims.error.textMissing').max(CLAIM_TEXT_MAX, 'claims.error.textLong'))

/** The buyer's sentence, checked before a byte of the screenshot is stored. */
export function readClaimText(value: unknown): string {
	const read = claimText.safeParse(typeof value === 'string' ? value : '')
	if (read.success) return read.data
	const key = read.error.issues[0]?.message
	if (key === 'claims.error.textLong') throw new AppError('BAD_REQUEST', words('claims.error.textLong', { max: CLAIM_TEXT_MAX }))
	if (key === 'claims.error.textMissing') throw new AppError('BAD_REQUEST', 'claims.error.textMissing')
	throw new AppError('BAD_REQUEST', key ?? 'claims.error.textMissing')
}

/** The receipt's upload refusals, said as the screenshot's. */
const SCREENSHOT_WORDS: Record<string, 'claims.error.missing' | 'claims.error.notImage' | 'claims.error.tooLarge' | 'claims.error.dailyLimit' | 'claims.error.storeFull'> = {
	[RECEIPT_MISSING]: 'claims.error.missing',
	[RECEIPT_NOT_IMAGE]: 'claims.error.notImage',
	[RECEIPT_TOO_LARGE]: 'claims.error.tooLarge',
	[RECEIPT_DAILY_LIMIT]: 'claims.error.dailyLimit',
	[RECEIPT_STORE_FULL]: 'claims.error.storeFull',
}
export const asScreenshotRefusal = (error: unknown): unknown =>
	error instanceof AppError && error.key && SCREENSHOT_WORDS[error.key] ? new AppError(error.code, SCREENSHOT_WORDS[error.key]!) : error

type ClaimRow = typeof unitClaims.$inferSelect

interface ClaimedUnit {
	assignmentId: number
	assignedAt: Date
	productId: number
	claimDays: number
	autoReplace: boolean
}

/** The unit as a claim reads it, or the refusal the buyer reads. A unit already claimed is answered by its claim. */
async function claimableUnit(db: Db | Tx, order: OrderRow, unitId: number): Promise<{ unit: ClaimedUnit; existing: ClaimRow | null }> {
	if (!PAID_STATES.includes(order.paymentStatus)) throw new AppError('CONFLICT', 'claims.error.notPaid')
	const [row] = await db
		.select({ a: stockAssignments, productId: stockUnits.productId, claimDays: products.claimDays, autoReplace: products.autoReplace })
		.from(stockAssignments)
		.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
		.innerJoin(products, eq(products.id, stockUnits.productId))
		.where(and(eq(stockAssignments.id, unitId), eq(stockAssignments.orderId, order.id)))
	if (!row) throw new AppError('NOT_FOUND', 'claims.error.unitNotFound')
	const [existing] = await db.select().from(unitClaims).where(eq(unitClaims.assignmentId, unitId))
	const unit = { assignmentId: row.a.id, assignedAt: row.a.assignedAt, productId: row.productId, claimDays: row.claimDays, autoReplace: row.autoReplace }
	if (existing) return { unit, existing }
	if (row.a.replacedAt || row.a.refundedAt) throw new AppError('CONFLICT', 'claims.error.unitNotFound')
	if (row.claimDays <= 0) throw new AppError('CONFLICT', 'claims.error.noClaims')
	// The one rule for "the buyer has seen it" (reveal-delivery.server.ts).
	if (!seenByBuyer(await revealStateOf(db, order.id), { assignmentId: row.a.id, assignedAt: row.a.assignedAt })) throw new AppError('CONFLICT', 'claims.error.notSeen')
	const until = claimWindowEnd(row.a.assignedAt, row.claimDays)
	if (now() > until) throw new AppError('CONFLICT', words('claims.error.windowClosed', { date: formatPakistanDay(until.toISOString(), order.lang) }))
	return { unit, existing: null }
}

/** The last moment a unit delivered at `assignedAt` may be claimed. */
export const claimWindowEnd = (assignedAt: Date, days: number) => new Date(assignedAt.getTime() + days * 24 * 3600_000)

export interface OpenedClaim {
	id: number
	status: ClaimStatus
	answer: ClaimAnswer | null
	/** False when the unit was claimed already: this is that claim. */
	created: boolean
}

const opened = (row: ClaimRow, created: boolean): OpenedClaim => ({ id: row.id, status: row.status, answer: row.answer, created })

/**
 * The buyer's claim on one unit of their order (the caller checked they may see the order in full):
 * the unit and the sentence are checked before the screenshot is stored (the receipt's checks and
 * file store); then, under the order's lock, the claim is made once. When the product replaces
 * automatically and this order has not had its one automatic replacement, it is answered at once
 * with a unit from stock, or waits in the queue with the reason.
 */
export async function openClaim(
	db: Db,
	store: FileStore,
	order: Order,
	source: AsyncIterable<Uint8Array>,
	{ unitId, text, uploader, limits }: { unitId: number; text: string; uploader: string; limits: UploadLimits },
): Promise<OpenedClaim> {
	const said = readClaimText(text)
	const first = await claimableUnit(db, order, unitId)
	if (first.existing) {
		// Sent again (a second tap, a reload): the same claim; the screenshot is read to its end and not kept.
		for await (const piece of source) void piece
		return opened(first.existing, false)
	}
	const file = await storeUploadedImage(db, store, source, { kind: 'claim-screenshot', owner: `claim:order:${order.id}:unit:${unitId}`, uploader, limits }).catch((error: unknown) => {
		throw asScreenshotRefusal(error)
	})
	const { storeName } = await readStoreDetails(db)
	let result: { claim: ClaimRow; created: boolean; variantId: number | null }
	try {
		result = await db.transaction(async (tx) => {
			const held = await lockOrder(tx, { id: order.id })
			if (!held) throw new AppError('NOT_FOUND', 'errors.orderNotFound')
			const { unit, existing } = await claimableUnit(tx, held, unitId)
			if (existing) return { claim: existing, created: false, variantId: null }
			const [claim] = await tx
				.insert(unitClaims)
				.values({ orderId: order.id, assignmentId: unit.assignmentId, productId: unit.productId, text: said, screenshotFileId: file.id })
				.onConflictDoNothing()
				.returning()
			if (!claim) {
				const [again] = await tx.select().from(unitClaims).where(eq(unitClaims.assignmentId, unitId))
				return { claim: again!, created: false, variantId: null }
			}
			await tellOrderEvent(tx, held, 'claimOpened', { by: 'buyer', storeName, facts: { claimId: claim.id, assignmentId: unit.assignmentId } })
			if (!unit.autoReplace) return { claim, created: true, variantId: null }
			return { ...(await replaceAutomatically(tx, held, claim, storeName)), created: true }
		})
	} catch (error) {
		await removeQuietly(store, file.id)
		throw error
	}
	if (!result.created) await removeQuietly(store, file.id)
	if (result.variantId != null) await alertLowStock(db, [result.variantId])
	return opened(result.claim, result.created)
}

/** Once per order (the order row is held): a unit from stock at once, or the claim waits with why. */
async function replaceAutomatically(tx: Tx, order: OrderRow, claim: ClaimRow, storeName: string): Promise<{ claim: ClaimRow; variantId: number | null }> {
	const [used] = await tx
		.select({ id: unitClaims.id })
		.from(unitClaims)
		.where(and(eq(unitClaims.orderId, order.id), eq(unitClaims.automatic, true)))
		.limit(1)
	const wait = async (why: string) => {
		const [row] = await tx.update(unitClaims).set({ waitingReason: why }).where(eq(unitClaims.id, claim.id)).returning()
		return { claim: row!, variantId: null }
	}
	if (used) return wait(CLAIM_MESSAGES.usedOnce)
	let replaced: Awaited<ReturnType<typeof replaceUnitIn>>
	try {
		replaced = await replaceUnitIn(tx, AUTOMATIC, order.orderNumber, claim.assignmentId!, `claim ${claim.id}: did not work (replaced automatically)`, storeName)
	} catch (error) {
		// Refused before anything was written: no unit of the option in stock.
		if (error instanceof AppError && error.code === 'CONFLICT') return wait(CLAIM_MESSAGES.noStockWaiting)
		throw error
	}
	const row = await settle(tx, AUTOMATIC, order, claim, { answer: 'replace', reason: null, automatic: true, replacementAssignmentId: replaced.assignmentId }, storeName)
	return { claim: row, variantId: replaced.variantId }
}

/** The claim answered: its row, the event that tells the buyer, the audit entry. */
async function settle(
	tx: Tx,
	actor: Actor,
	order: OrderRow,
	claim: ClaimRow,
	done: { answer: ClaimAnswer; reason: string | null; automatic?: boolean; replacementAssignmentId?: number; refundId?: number },
	storeName: string,
): Promise<ClaimRow> {
	const [row] = await tx
		.update(unitClaims)
		// Answered once: by whom and when, with what came of it (a replacement unit, a refund).
		.set({ status: 'answered', answer: done.answer, reason: done.reason, automatic: done.automatic ?? false, answeredBy: actor.label, answeredAt: new Date(), replacementAssignmentId: done.replacementAssignmentId ?? null, refundId: done.refundId ?? null })
		.where(and(eq(unitClaims.id, claim.id), eq(unitClaims.status, 'open')))
		.returning()
	if (!row) throw new AppError('CONFLICT', CLAIM_MESSAGES.answered)
	// The unit named by its last characters only (never its secret), for the email.
	const [unit] = claim.assignmentId
		? await tx.select({ unit: stockUnits }).from(stockAssignments).innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId)).where(eq(stockAssignments.id, claim.assignmentId))
		: []
	await tellOrderEvent(tx, order, 'claimAnswered', {
		by: done.automatic ? 'shop' : actor,
		storeName,
		facts: { claimId: claim.id, answer: done.answer, reason: done.reason, assignmentId: claim.assignmentId, kind: unit?.unit.kind ?? null, masked: unit ? maskUnit(unit.unit) : null },
	})
	await recordAudit(tx, actor, {
		action: 'claim.answer',
		orderNumber: order.orderNumber,
		target: `claim ${claim.id}`,
		before: { status: 'open' },
		after: { status: 'answered', answer: done.answer, automatic: done.automatic ?? false, replacementAssignmentId: done.replacementAssignmentId ?? null, refundId: done.refundId ?? null },
		note: done.reason ?? undefined,
	})
	return row
}

const reasonText = textSchema().pipe(z.string().max(CLAIM_REASON_MAX, CLAIM_MESSAGES.reasonLong))

/** POST /api/admin/claims/{id}/answer and the console queue's forms. */
export const claimAnswerInput = z
	.object({
		answer: z.enum(CLAIM_ANSWERS, { error: CLAIM_MESSAGES.answer }).describe('replace: a unit of the same option from stock (the old one voided); refund: that unit’s price back (needs the refunds grant); refuse: the buyer reads the reason'),
		reason: reasonText.optional().describe('Required to refuse (the buyer reads it) and to refund (the refund email says it); a note with a replacement'),
		method: z.enum(REFUND_METHODS, { error: CLAIM_MESSAGES.method }).optional().describe('With refund: how the money goes back'),
		reference: textSchema().pipe(z.string().max(120, 'Please keep the reference to 120 characters.')).optional().describe('With refund: the bank’s, wallet’s or PayPro’s reference'),
	})
	.strict()
export type ClaimAnswerInput = z.output<typeof claimAnswerInput>

export interface AnsweredClaim {
	id: number
	orderNumber: string
	answer: ClaimAnswer
	reason: string | null
	/** With replace: the unit delivered instead. */
	unitId: number | null
	/** With refund: the refund made. */
	refundId: number | null
}

/** Staff answer an open claim: the answer's own command (replace, refund) in the same transaction as the claim's row and its notice. */
export async function answerClaim(db: Db, actor: Actor, claimId: number, input: ClaimAnswerInput): Promise<AnsweredClaim> {
	if (input.answer === 'refund') requireGrant(actor, 'refunds')
	const reason = input.reason ? input.reason : null
	if (input.answer !== 'replace' && !reason) throw new AppError('BAD_REQUEST', CLAIM_MESSAGES.reasonMissing, { reason: CLAIM_MESSAGES.reasonMissing })
	if (input.answer === 'refund' && !input.method) throw new AppError('BAD_REQUEST', CLAIM_MESSAGES.method, { method: CLAIM_MESSAGES.method })
	const [found] = await db.select({ orderId: unitClaims.orderId }).from(unitClaims).where(eq(unitClaims.id, claimId))
	if (!found) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.notFound)
	const { storeName } = await readStoreDetails(db)
	const result = await db.transaction(async (tx) => {
		// The order first, then the claim: the order the buyer's claims take too.
		const order = await lockOrder(tx, { id: found.orderId })
		const [claim] = await tx.select().from(unitClaims).where(eq(unitClaims.id, claimId)).for('update')
		if (!order || !claim) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.notFound)
		if (claim.status !== 'open') throw new AppError('CONFLICT', CLAIM_MESSAGES.answered)
		if (input.answer === 'replace') {
			if (claim.assignmentId == null) throw new AppError('CONFLICT', CLAIM_MESSAGES.handDelivery)
			const replaced = await replaceUnitIn(tx, actor, order.orderNumber, claim.assignmentId, reason ?? `claim ${claim.id}: did not work`, storeName)
			await settle(tx, actor, order, claim, { answer: 'replace', reason, replacementAssignmentId: replaced.assignmentId }, storeName)
			return { unitId: replaced.unitId, refundId: null, variantId: replaced.variantId, orderNumber: order.orderNumber }
		}
		if (input.answer === 'refund') {
			if (claim.assignmentId == null) throw new AppError('CONFLICT', CLAIM_MESSAGES.handDelivery)
			const lines = await lineOf(tx, claim.assignmentId)
			const refund = await refundOrderIn(tx, actor, order.orderNumber, { method: input.method!, reference: input.reference, reason: reason!, units: 'void', lines }, storeName)
			// The refund's own move may have changed the order: the claim's notice reads it as it is now.
			const after = (await lockOrder(tx, { id: order.id }))!
			await settle(tx, actor, after, claim, { answer: 'refund', reason, refundId: refund.id }, storeName)
			return { unitId: null, refundId: refund.id, variantId: null, orderNumber: order.orderNumber }
		}
		await settle(tx, actor, order, claim, { answer: 'refuse', reason }, storeName)
		return { unitId: null, refundId: null, variantId: null, orderNumber: order.orderNumber }
	})
	if (result.variantId != null) await alertLowStock(db, [result.variantId])
	return { id: claimId, orderNumber: result.orderNumber, answer: input.answer, reason, unitId: result.unitId, refundId: result.refundId }
}

/** The refund's lines for one delivered unit: its line, one of its quantity, that unit. */
async function lineOf(tx: Tx, assignmentId: number) {
	const [row] = await tx.select({ lineId: stockAssignments.lineId }).from(stockAssignments).where(eq(stockAssignments.id, assignmentId))
	if (!row) throw new AppError('CONFLICT', 'This unit is no longer on the order.')
	return [{ lineId: row.lineId, quantity: 1, delivered: [assignmentId] }]
}

/** An order's units as its buyer's page shows their claims: the units held now, and any withdrawn one that was claimed. */
export async function unitClaimsOf(db: Db, order: OrderRow): Promise<UnitClaimView[]> {
	const rows = await db
		.select({ a: stockAssignments, unit: stockUnits, product: orderLines.name, claimDays: products.claimDays, claim: unitClaims })
		.from(stockAssignments)
		.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
		.innerJoin(products, eq(products.id, stockUnits.productId))
		.innerJoin(orderLines, eq(orderLines.id, stockAssignments.lineId))
		.leftJoin(unitClaims, eq(unitClaims.assignmentId, stockAssignments.id))
		.where(eq(stockAssignments.orderId, order.id))
		.orderBy(asc(stockAssignments.lineIndex), asc(stockAssignments.unitIndex), asc(stockAssignments.id))
		.limit(1000)
	const paid = PAID_STATES.includes(order.paymentStatus)
	const revealed = await revealStateOf(db, order.id)
	const numberOnLine = new Map<number, number>()
	const views: UnitClaimView[] = []
	for (const { a, unit, product, claimDays, claim } of rows) {
		const live = !a.replacedAt && !a.refundedAt
		const n = live ? (numberOnLine.get(a.lineIndex) ?? 0) + 1 : 0
		if (live) numberOnLine.set(a.lineIndex, n)
		if (!live && !claim) continue
		const seen = seenByBuyer(revealed, { assignmentId: a.id, assignedAt: a.assignedAt })
		views.push({
			unitId: a.id,
			kind: unit.kind,
			masked: maskUnit(unit),
			product,
			n,
			claimable: live && !claim && paid && seen && claimDays > 0 && now() <= claimWindowEnd(a.assignedAt, claimDays),
			claim: claim ? { id: claim.id, status: claim.status, answer: claim.answer, reason: claim.answer === 'refuse' ? claim.reason : null, createdAt: claim.createdAt.toISOString() } : null,
		})
	}
	return views
}

/**
 * Whether the buyer of content staff delivered by hand (no stock unit, so no claim form) is shown the
 * way to report it (ADR-052, "By hand"): a paid order, delivered, within the longest claim window of
 * its products counted from its delivery. The page shows it beside that content once revealed.
 */
export async function handReportOpen(db: Db, order: OrderRow): Promise<boolean> {
	if (!PAID_STATES.includes(order.paymentStatus) || !order.deliveredAt) return false
	const [row] = await db
		.select({ days: sql<number | null>`max(${products.claimDays})` })
		.from(orderLines)
		.innerJoin(products, eq(products.id, orderLines.productId))
		.where(eq(orderLines.orderId, order.id))
	const days = Number(row?.days ?? 0)
	return days > 0 && now() <= claimWindowEnd(order.deliveredAt, days)
}

/** One unit for its claim page: what it is, and whether it may be claimed (the refusal's words when not). */
export async function claimPageUnit(db: Db, order: OrderRow, unitId: number): Promise<{ unit: UnitClaimView | null; refusal: AppError | null }> {
	const unit = (await unitClaimsOf(db, order)).find((u) => u.unitId === unitId) ?? null
	try {
		await claimableUnit(db, order, unitId)
		return { unit, refusal: null }
	} catch (error) {
		if (error instanceof AppError) return { unit, refusal: error }
		throw error
	}
}

export interface QueuedClaim {
	id: number
	status: ClaimStatus
	answer: ClaimAnswer | null
	orderNumber: string
	productId: number | null
	product: string
	unit: { assignmentId: number | null; kind: 'code' | 'account' | null; masked: string | null }
	text: string
	/** Where staff open the screenshot (staff only). */
	screenshotUrl: string | null
	waitingReason: string | null
	reason: string | null
	automatic: boolean
	answeredBy: string | null
	createdAt: string
	answeredAt: string | null
}

/** The claims queue: open ones oldest first (the console), or answered ones newest first. At most `limit`. */
export async function listClaims(db: Db, { status = 'open', limit = 100 }: { status?: ClaimStatus; limit?: number } = {}): Promise<{ claims: QueuedClaim[]; open: number }> {
	const rows = await db
		.select({ c: unitClaims, product: products.name, unit: stockUnits, orderNumber: orders.orderNumber })
		.from(unitClaims)
		.innerJoin(orders, eq(orders.id, unitClaims.orderId))
		.leftJoin(products, eq(products.id, unitClaims.productId))
		.leftJoin(stockAssignments, eq(stockAssignments.id, unitClaims.assignmentId))
		.leftJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
		.where(eq(unitClaims.status, status))
		.orderBy(status === 'open' ? asc(unitClaims.createdAt) : desc(unitClaims.answeredAt), status === 'open' ? asc(unitClaims.id) : desc(unitClaims.id))
		.limit(Math.min(Math.max(limit, 1), 500))
	return {
		open: await countOpenClaims(db),
		claims: rows.map(({ c, product, unit, orderNumber }) => ({
			id: c.id,
			status: c.status,
			answer: c.answer,
			orderNumber,
			productId: c.productId,
			product: product ?? '',
			unit: { assignmentId: c.assignmentId, kind: unit?.kind ?? null, masked: unit ? maskUnit(unit) : null },
			text: c.text,
			screenshotUrl: c.screenshotFileId ? `/admin/claims/${c.id}/screenshot` : null,
			waitingReason: c.waitingReason,
			reason: c.reason,
			automatic: c.automatic,
			answeredBy: c.answeredBy,
			createdAt: c.createdAt.toISOString(),
			answeredAt: c.answeredAt?.toISOString() ?? null,
		})),
	}
}

/** The ids of one order's open claims, oldest first: the console order page points staff to them. */
export async function openClaimsOf(db: Db, orderId: number): Promise<number[]> {
	const rows = await db
		.select({ id: unitClaims.id })
		.from(unitClaims)
		.where(and(eq(unitClaims.orderId, orderId), eq(unitClaims.status, 'open')))
		.orderBy(asc(unitClaims.createdAt), asc(unitClaims.id))
	return rows.map((r) => r.id)
}

/** Open claims: the console menu's badge. */
export async function countOpenClaims(db: Db): Promise<number> {
	const [row] = await db.select({ n: sql<number>`count(*)::integer` }).from(unitClaims).where(eq(unitClaims.status, 'open'))
	return Number(row?.n ?? 0)
}

/** A claim's screenshot file, for staff. */
export async function claimScreenshotFile(db: Db, claimId: number): Promise<string | null> {
	const [row] = await db.select({ file: unitClaims.screenshotFileId }).from(unitClaims).where(eq(unitClaims.id, claimId))
	return row?.file ?? null
}
