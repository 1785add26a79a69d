import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { gameLibrary } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from '../staff/audit.server'
import { notifyStoreChanged } from '../store-changes.server'
import type { LibraryListQuery, LibraryTitle, LibraryTitleInput, LibraryTitlePatch } from './library-input'
import { requireGrant } from '../staff/permissions'

// The console's game library: add, change, hide or show a title. Each change is one transaction
// with its audit entry (before and after) and a notification that clears every instance's pages.

export const LIBRARY_TITLE_NOT_FOUND = 'No title with that id in the library.'
export const duplicateTitle = (title: string) => `The library already has "${title}". Change that title instead, or pick another name.`

/** Titles per page of the console's list. */
export const LIBRARY_ADMIN_PAGE = 100

const columns = { id: gameLibrary.id, title: gameLibrary.title, genre: gameLibrary.genre, top: gameLibrary.top, hidden: gameLibrary.hidden }

const snapshot = (t: LibraryTitle) => ({ title: t.title, genre: t.genre, top: t.top, hidden: t.hidden })

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Every title (hidden ones too), alphabetical, searched in title and genre, a page at a time. */
export async function listAdminLibrary(db: Db, { q = '', show = 'all', page = 1 }: Partial<LibraryListQuery> = {}) {
	const where: SQL[] = []
	const needle = q.trim()
	if (needle) where.push(or(ilike(gameLibrary.title, `%${escapeLike(needle)}%`), ilike(gameLibrary.genre, `%${escapeLike(needle)}%`))!)
	if (show !== 'all') where.push(eq(gameLibrary.hidden, show === 'hidden'))
	const condition = where.length ? and(...where) : undefined
	const [{ total }] = (await db.select({ total: count() }).from(gameLibrary).where(condition)) as [{ total: number }]
	const pageCount = Math.max(1, Math.ceil(total / LIBRARY_ADMIN_PAGE))
	const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount)
	const titles = await db
		.select(columns)
		.from(gameLibrary)
		.where(condition)
		.orderBy(asc(sql`lower(${gameLibrary.title})`), asc(gameLibrary.id))
		.limit(LIBRARY_ADMIN_PAGE)
		.offset((current - 1) * LIBRARY_ADMIN_PAGE)
	const [counts] = await db
		.select({ all: count(), hidden: sql<number>`count(*) filter (where ${gameLibrary.hidden})`.mapWith(Number) })
		.from(gameLibrary)
	return { titles, total, page: current, pageCount, counts: counts! }
}

export async function getLibraryTitle(db: Db | Tx, id: number): Promise<LibraryTitle> {
	const [row] = await db.select(columns).from(gameLibrary).where(eq(gameLibrary.id, id)).limit(1)
	if (!row) throw new AppError('NOT_FOUND', LIBRARY_TITLE_NOT_FOUND)
	return row
}

/** Titles are unique whatever their case: "halo infinite" is the same game as "Halo Infinite". */
async function refuseDuplicate(tx: Tx, title: string, exceptId?: number) {
	const same = sql`lower(${gameLibrary.title}) = lower(${title})`
	const [other] = await tx
		.select({ title: gameLibrary.title })
		.from(gameLibrary)
		.where(exceptId ? and(same, ne(gameLibrary.id, exceptId)) : same)
		.limit(1)
	if (other) throw new AppError('CONFLICT', duplicateTitle(other.title))
}

/** Two staff adding one title at the same moment: the unique index refuses the second. */
export function isDuplicateTitleError(error: unknown) {
	const e = error as { code?: string; message?: string; cause?: unknown }
	const inner = (e.cause ?? e) as { code?: string; constraint?: string; message?: string }
	return inner.code === '23505' && (inner.constraint === 'game_library_title_key' || Boolean(inner.message?.includes('game_library_title_key')))
}

async function refuseRacingDuplicate<T>(title: string | undefined, run: () => Promise<T>): Promise<T> {
	try {
		return await run()
	} catch (error) {
		if (title && isDuplicateTitleError(error)) throw new AppError('CONFLICT', duplicateTitle(title))
		throw error
	}
}

export async function createLibraryTitle(db: Db, actor: Actor, input: LibraryTitleInput): Promise<LibraryTitle> {
	requireGrant(actor, 'catalogue')
	return refuseRacingDuplicate(input.title, () =>
		db.transaction(async (tx) => {
			await refuseDuplicate(tx, input.title)
			const [row] = await tx.insert(gameLibrary).values({ title: input.title, genre: input.genre, top: input.top }).returning(columns)
			await recordAudit(tx, actor, { action: 'library.create', target: `library title ${row!.id}`, before: null, after: snapshot(row!) })
			await notifyStoreChanged(tx, 'library')
			return row!
		}),
	)
}

/** Changes a title's name, genre or top mark, or hides it from the storefront (or shows it again). */
export async function updateLibraryTitle(db: Db, actor: Actor, id: number, patch: LibraryTitlePatch): Promise<LibraryTitle> {
	requireGrant(actor, 'catalogue')
	return refuseRacingDuplicate(patch.title, () =>
		db.transaction(async (tx) => {
			const [before] = await tx.select(columns).from(gameLibrary).where(eq(gameLibrary.id, id)).for('update').limit(1)
			if (!before) throw new AppError('NOT_FOUND', LIBRARY_TITLE_NOT_FOUND)
			const next = {
				title: patch.title ?? before.title,
				genre: patch.genre ?? before.genre,
				top: patch.top ?? before.top,
				hidden: patch.hidden ?? before.hidden,
			}
			if (next.title === before.title && next.genre === before.genre && next.top === before.top && next.hidden === before.hidden) return before
			if (next.title !== before.title) await refuseDuplicate(tx, next.title, id)
			const [after] = await tx
				.update(gameLibrary)
				.set({ title: next.title, genre: next.genre, top: next.top, hidden: next.hidden })
				.where(eq(gameLibrary.id, id))
				.returning(columns)
			const action = patch.hidden !== undefined && next.hidden !== before.hidden && Object.values(patch).filter((v) => v !== undefined).length === 1 ? (next.hidden ? 'library.hide' : 'library.show') : 'library.update'
			await recordAudit(tx, actor, { action, target: `library title ${id}`, before: snapshot(before), after: snapshot(after!) })
			await notifyStoreChanged(tx, 'library')
			return after!
		}),
	)
}
