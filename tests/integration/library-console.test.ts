import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { auditLog, gameLibrary } from '../../app/db/schema'
import { seedDatabase } from '../../app/db/seed/seed.server'
import { filterLibrary, genresOf } from '../../app/domain/library/filter-library'
import { importLibraryCsv } from '../../app/domain/library/import-library.server'
import { libraryTitleInput, libraryTitlePatch } from '../../app/domain/library/library-input'
import { listLibrary } from '../../app/domain/library/list-library.server'
import { createLibraryTitle, listAdminLibrary, updateLibraryTitle } from '../../app/domain/library/manage-library.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { STORE_CHANGED_CHANNEL } from '../../app/domain/store-changes.server'
import { AppError } from '../../app/utils/app-error'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }

async function failure(promise: Promise<unknown>) {
	const error = await promise.catch((e: unknown) => e)
	expect(error).toBeInstanceOf(AppError)
	return error as AppError
}

describe.each(databaseKinds)('the game library from the console on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)
	afterEach(async () => {
		// Back to the seeded library for the next test (and the other files).
		await database.db.execute(sql`truncate game_library restart identity`)
		await seedDatabase(database.db)
	})

	const storefront = async () => listLibrary(database.db)
	const shown = async (title: string) => (await storefront()).find((g) => g.title === title) ?? null

	it('adds a title the library page lists with its genre and Top mark, audited, and refuses the same title in another case', async () => {
		const { db } = database
		const added = await createLibraryTitle(db, owner, libraryTitleInput.parse({ title: '  Hunza Valley Rally ', genre: 'RPG', top: 'yes' }))
		expect(added).toMatchObject({ title: 'Hunza Valley Rally', genre: 'RPG', top: true, hidden: false })
		expect(await shown('Hunza Valley Rally')).toEqual({ title: 'Hunza Valley Rally', genre: 'RPG', top: true })
		expect(filterLibrary(await storefront(), { search: 'hunza', genre: '' }).trending.map((g) => g.title)).toContain('Hunza Valley Rally')
		const [entry] = await db.select().from(auditLog).where(eq(auditLog.target, `library title ${added.id}`)).orderBy(auditLog.id)
		expect(entry).toMatchObject({ action: 'library.create', actor: 'owner@example.pk', before: null, after: { title: 'Hunza Valley Rally', genre: 'RPG', top: true, hidden: false } })

		const twice = await failure(createLibraryTitle(db, owner, libraryTitleInput.parse({ title: 'hunza valley rally', genre: 'RPG' })))
		expect(twice.status).toBe(409)
		expect(twice.message).toBe('The library already has "Hunza Valley Rally". Change that title instead, or pick another name.')
	})

	it('edits a title, and a hidden one leaves the list, the counts and the genres until shown again', async () => {
		const { db } = database
		const changes: string[] = []
		const stop = await database.database.listen(STORE_CHANGED_CHANNEL, (payload) => changes.push(payload))
		try {
			const before = await storefront()
			const lone = await createLibraryTitle(db, owner, { title: 'Tiny Glade', genre: 'Cosy Builder', top: false })
			expect(genresOf(await storefront())).toContain('Cosy Builder')
			const edited = await updateLibraryTitle(db, owner, lone.id, libraryTitlePatch.parse({ title: 'Tiny Glade (2024)', top: true }))
			expect(edited).toMatchObject({ title: 'Tiny Glade (2024)', genre: 'Cosy Builder', top: true })

			await updateLibraryTitle(db, owner, lone.id, { hidden: true })
			const after = await storefront()
			expect(after.some((g) => g.title.startsWith('Tiny Glade'))).toBe(false)
			expect(after).toHaveLength(before.length)
			expect(genresOf(after)).not.toContain('Cosy Builder')
			expect((await listAdminLibrary(db, { q: 'tiny glade' })).titles).toEqual([{ id: lone.id, title: 'Tiny Glade (2024)', genre: 'Cosy Builder', top: true, hidden: true }])
			expect((await listAdminLibrary(db, { show: 'hidden' })).titles.map((t) => t.id)).toEqual([lone.id])

			await updateLibraryTitle(db, owner, lone.id, { hidden: false })
			expect(await shown('Tiny Glade (2024)')).toMatchObject({ genre: 'Cosy Builder' })
			const actions = (await db.select().from(auditLog).where(eq(auditLog.target, `library title ${lone.id}`)).orderBy(auditLog.id)).map((e) => [e.action, e.before?.hidden ?? null, e.after?.hidden])
			expect(actions).toEqual([
				['library.create', null, false],
				['library.update', false, false],
				['library.hide', false, true],
				['library.show', true, false],
			])
			await expect.poll(() => changes.filter((c) => c === 'library').length, { timeout: 5000 }).toBe(4)
		} finally {
			await stop()
		}
	})

	it('refuses an unknown title, an empty change and a rename onto another title', async () => {
		const { db } = database
		expect((await failure(updateLibraryTitle(db, owner, 999_999, { genre: 'RPG' }))).status).toBe(404)
		expect(libraryTitlePatch.safeParse({}).error?.issues[0]?.message).toBe('Say what to change: title, genre, top or hidden.')
		expect(libraryTitleInput.safeParse({ title: 'Halo', genre: 'Shooter', top: 'maybe' }).error?.issues[0]?.message).toBe('Top must be yes, no, true, false, 1 or 0.')
		const [forza] = await db.select().from(gameLibrary).where(eq(gameLibrary.title, 'Forza Horizon 5'))
		expect((await failure(updateLibraryTitle(db, owner, forza!.id, { title: 'HALO INFINITE' }))).status).toBe(409)
		expect(await shown('Forza Horizon 5')).toMatchObject({ genre: 'Racing' })
	})

	it('imports a CSV: adds new titles, updates known ones whatever their case, and skips bad lines with their numbers and reasons', async () => {
		const { db } = database
		const [known] = await db.select().from(gameLibrary).where(eq(gameLibrary.title, 'A Way Out'))
		expect(known).toMatchObject({ genre: 'Adventure', top: false })
		const csv = [
			'\uFEFFTitle,Genre,Top',
			'Karachi Drift 2,Adventure,yes',
			'a way out,Co-op,TRUE',
			'"Indus Tactics",Action,0',
			',Shooter,no',
			'Doom: The Dark Ages,,yes',
			'Avowed,RPG,maybe',
			'karachi drift 2,Adventure,no',
			'"Lahore Nights",RPG,1',
			'',
			'"Multi',
			'line title",Indie,no',
			`${'L'.repeat(121)},Action,no`,
		].join('\r\n')
		const report = await importLibraryCsv(db, owner, csv)
		expect(report).toMatchObject({ added: 4, updated: 1, unchanged: 0 })
		expect(report.skipped).toEqual([
			{ line: 5, title: null, reason: 'no title' },
			{ line: 6, title: 'Doom: The Dark Ages', reason: 'no genre' },
			{ line: 7, title: 'Avowed', reason: 'top is "maybe": use yes, no, true, false, 1 or 0' },
			{ line: 8, title: 'karachi drift 2', reason: 'the same title as line 2' },
			{ line: 13, title: 'L'.repeat(121), reason: 'title longer than 120 characters' },
		])
		expect(await shown('Karachi Drift 2')).toEqual({ title: 'Karachi Drift 2', genre: 'Adventure', top: true })
		expect(await shown('Indus Tactics')).toMatchObject({ genre: 'Action', top: false })
		expect(await shown('Multi line title')).toMatchObject({ genre: 'Indie' })
		// The known title takes the file's spelling, genre and Top, and keeps its row.
		const [updated] = await db.select().from(gameLibrary).where(eq(gameLibrary.id, known!.id))
		expect(updated).toMatchObject({ title: 'a way out', genre: 'Co-op', top: true })

		const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'library.import')).orderBy(auditLog.id)
		expect(entries).toHaveLength(1)
		expect(entries[0]!.before).toEqual({ updated: [{ id: known!.id, title: 'A Way Out', genre: 'Adventure', top: false }] })
		expect(entries[0]!.after).toMatchObject({ unchanged: 0, skipped: 5 })

		// The same file again changes nothing.
		expect(await importLibraryCsv(db, owner, csv)).toMatchObject({ added: 0, updated: 0, unchanged: 5 })
		expect(await db.select().from(auditLog).where(eq(auditLog.action, 'library.import')).orderBy(auditLog.id)).toHaveLength(1)
	})

	it('refuses a whole file that cannot be imported, and changes nothing', async () => {
		const { db } = database
		const count = async () => (await db.select().from(gameLibrary)).length
		const before = await count()
		const cases: [string, number, string][] = [
			['', 400, 'The file is empty.'],
			['name,category\nHalo,Shooter', 400, 'The first line must name the columns title,genre,top (found "name,category").'],
			['title,genre,top\n', 400, 'The file has no titles under its header line.'],
			['title,genre,top\n"Halo,Shooter,no\n', 400, 'a quoted value is never closed'],
			[`title,genre,top\n${Array.from({ length: 5001 }, (_, i) => `Game ${i},Action,no`).join('\n')}`, 400, 'The file has 5,001 titles: import at most 5,000 at a time'],
			[`title,genre,top\n${'A'.repeat(1024 * 1024)},Action,no`, 413, 'The file is too large'],
			['title,genre,top\nHa\0lo,Shooter,no', 400, 'not text'],
		]
		for (const [csv, status, message] of cases) {
			const error = await failure(importLibraryCsv(db, owner, csv))
			expect([error.status, error.message]).toEqual([status, expect.stringContaining(message)])
		}
		expect(await count()).toBe(before)
		expect(await db.select().from(auditLog)).toEqual([])
	})

	it('imports 5,000 titles in one go', async () => {
		const { db } = database
		const csv = `title,genre,top\n${Array.from({ length: 5000 }, (_, i) => `Indie Gem ${i},Indie,${i % 100 === 0 ? 'yes' : 'no'}`).join('\n')}`
		const report = await importLibraryCsv(db, owner, csv)
		expect(report).toMatchObject({ added: 5000, updated: 0, skipped: [] })
		expect((await listAdminLibrary(db, { q: 'indie gem' })).total).toBe(5000)
	})
})
