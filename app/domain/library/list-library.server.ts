import type { Db } from '../../db/client.server'
import { gameLibrary } from '../../db/schema'
import type { GameLibraryEntry } from '../catalogue/types'
import { normaliseLibrary } from './filter-library'

export async function listLibrary(db: Db): Promise<GameLibraryEntry[]> {
	const rows = await db
		.select({ title: gameLibrary.title, genre: gameLibrary.genre, trending: gameLibrary.trending })
		.from(gameLibrary)
	return normaliseLibrary(rows)
}
