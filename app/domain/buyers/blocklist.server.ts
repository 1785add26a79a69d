import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { blockedBuyers, staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { logger } from '../../utils/logger.server'
import { cachedUntilChanged } from '../cached-read.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { notifyStoreChanged } from '../store-changes.server'
import { BLOCK_MESSAGES, normaliseBlockValue, type BlockInput, type BlockKind, type BlockView, type BuyerIdentity } from './blocklist'
import { requireOwner } from '../staff/permissions'

// The owner's blocklist: added and removed in the console or the API (audited), checked at every
// checkout and sign-in from memory (no query per checkout), each refusal counted on its block.

const isUniqueViolation = (error: unknown) => {
	const e = error as { code?: string; cause?: { code?: string } }
	return (e.cause?.code ?? e.code) === '23505'
}

/** Every block, newest first, as staff see it. */
export async function listBlocks(db: Db): Promise<BlockView[]> {
	const rows = await db
		.select({ block: blockedBuyers, createdBy: staffUsers.email })
		.from(blockedBuyers)
		.leftJoin(staffUsers, eq(staffUsers.id, blockedBuyers.createdBy))
		.orderBy(sql`${blockedBuyers.createdAt} desc`, asc(blockedBuyers.id))
	return rows.map(({ block, createdBy }) => ({
		id: block.id,
		kind: block.kind,
		value: block.value,
		note: block.note,
		createdBy,
		createdAt: block.createdAt.toISOString(),
		refusals: block.refusals,
		lastRefusedAt: block.lastRefusedAt?.toISOString() ?? null,
	}))
}

/** Blocks a buyer: audited, and every instance checks against it at once. */
export async function blockBuyer(db: Db, actor: Actor, input: BlockInput): Promise<BlockView> {
	requireOwner(actor)
	try {
		const id = await db.transaction(async (tx) => {
			const [row] = await tx
				.insert(blockedBuyers)
				.values({ kind: input.kind, value: input.value, note: input.note, createdBy: actor.staffId ?? null })
				.returning({ id: blockedBuyers.id })
			await recordAudit(tx, actor, { action: 'blocklist.add', target: `block ${row!.id}`, after: { kind: input.kind, value: input.value, note: input.note } })
			await notifyStoreChanged(tx, 'blocklist')
			return row!.id
		})
		blocks.forget()
		return (await listBlocks(db)).find((b) => b.id === id)!
	} catch (error) {
		if (isUniqueViolation(error)) throw new AppError('CONFLICT', BLOCK_MESSAGES.duplicate, { value: BLOCK_MESSAGES.duplicate })
		throw error
	}
}

/** Lifts a block: audited, and every instance stops refusing at once. */
export async function unblockBuyer(db: Db, actor: Actor, id: number): Promise<void> {
	requireOwner(actor)
	const removed = await db.transaction(async (tx) => {
		const [row] = await tx.delete(blockedBuyers).where(eq(blockedBuyers.id, id)).returning()
		if (!row) return false
		await recordAudit(tx, actor, { action: 'blocklist.remove', target: `block ${id}`, before: { kind: row.kind, value: row.value, note: row.note } })
		await notifyStoreChanged(tx, 'blocklist')
		return true
	})
	if (!removed) throw new AppError('NOT_FOUND', BLOCK_MESSAGES.notFound)
	blocks.forget()
}

/** The blocked values by kind, each to its block's id: what every checkout and sign-in is checked against. */
const blocks = cachedUntilChanged('blocklist', 'blocklist', async (db) => {
	const rows = await db.select({ id: blockedBuyers.id, kind: blockedBuyers.kind, value: blockedBuyers.value }).from(blockedBuyers)
	const byKind = new Map<BlockKind, Map<string, number>>([
		['email', new Map()],
		['phone', new Map()],
		['address', new Map()],
	])
	for (const row of rows) byKind.get(row.kind)?.set(row.value, row.id)
	return byKind
})

/** Forgets this instance's copy of the blocklist (tests that write it directly). */
export const forgetBlocks = () => blocks.forget()

/**
 * The block that keeps this buyer out, or null. Each value is compared in its normalised form, so
 * another spelling of a blocked email or phone is refused too. A refusal is counted on its block
 * (after the answer, never holding the buyer's request).
 */
export async function blockFor(db: Db, buyer: BuyerIdentity): Promise<number | null> {
	const byKind = await blocks.read(db)
	for (const kind of ['email', 'phone', 'address'] as const) {
		const raw = buyer[kind]
		if (!raw || byKind.get(kind)!.size === 0) continue
		const value = normaliseBlockValue(kind, raw)
		const id = value === null ? undefined : byKind.get(kind)!.get(value)
		if (id !== undefined) {
			void db
				.update(blockedBuyers)
				.set({ refusals: sql`${blockedBuyers.refusals} + 1`, lastRefusedAt: sql`now()` })
				.where(eq(blockedBuyers.id, id))
				.catch((error: unknown) => logger.warn({ err: error, block: id }, 'blocklist: could not count a refusal'))
			return id
		}
	}
	return null
}

/** Refuses a blocked buyer with `message` (a neutral sentence: it says nothing of the block). */
export async function refuseBlockedBuyer(db: Db, buyer: BuyerIdentity, message: string): Promise<void> {
	if ((await blockFor(db, buyer)) !== null) throw new AppError('FORBIDDEN', message)
}
