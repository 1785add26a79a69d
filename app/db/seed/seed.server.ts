import { sql } from 'drizzle-orm'
import type { Db } from '../client.server'
import { gameLibrary, products } from '../schema'
import { catalogue } from './catalogue'
import { gameLibrary as libraryEntries } from './game-library'

/**
 * Idempotent: inserts what is missing and leaves existing rows alone, so a restart never
 * duplicates anything nor overwrites what staff changed later.
 */
export async function seedDatabase(db: Db) {
	await db.transaction(async (tx) => {
		// Two instances starting together must not race each other's seed.
		await tx.execute(sql`select pg_advisory_xact_lock(7301)`)
		await tx
			.insert(products)
			.values(catalogue.map((p) => ({ ...p })))
			.onConflictDoNothing({ target: products.id })
		const seen = new Set<string>()
		const entries = libraryEntries
			.map((e) => ({ ...e, title: e.title.trim() }))
			.filter((e) => e.title && !seen.has(e.title) && seen.add(e.title))
		await tx.insert(gameLibrary).values(entries).onConflictDoNothing({ target: gameLibrary.title })
	})
}
