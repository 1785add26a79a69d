import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { gameLibrary } from '../../db/schema'
import type { GameLibraryEntry } from '../catalogue/types'
import { normaliseLibrary } from './filter-library'

/** The storefront's library: titles staff hid are left out, so they leave the lists, the counts and the genres. */
export async function listLibrary(db: Db): Promise<GameLibraryEntry[]> {
	const rows = await db
		.select({ title: gameLibrary.title, genre: gameLibrary.genre, top: gameLibrary.top })
		.from(gameLibrary)
		.where(eq(gameLibrary.hidden, false))
	return normaliseLibrary(rows)
}
