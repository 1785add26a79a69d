import type { GameLibraryEntry } from '../catalogue/types'

export const TRENDING_COUNT = 24

/** De-duplicated by trimmed title, sorted alphabetically. */
export function normaliseLibrary(entries: GameLibraryEntry[]): GameLibraryEntry[] {
	const byTitle = new Map<string, GameLibraryEntry>()
	for (const e of entries) {
		const title = e.title.trim()
		if (title && !byTitle.has(title)) byTitle.set(title, { ...e, title })
	}
	return [...byTitle.values()].sort((a, b) =>
		a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }),
	)
}

export interface LibraryFilter {
	search: string
	genre: string
}

/** Search is a case-insensitive substring of the title; genre is an exact match ('' = all). */
export function filterLibrary(entries: GameLibraryEntry[], { search, genre }: LibraryFilter) {
	const needle = search.trim().toLowerCase()
	const all = entries.filter(
		(e) => (!genre || e.genre === genre) && (!needle || e.title.toLowerCase().includes(needle)),
	)
	return { all, trending: all.filter((e) => e.trending).slice(0, TRENDING_COUNT) }
}

export const genresOf = (entries: GameLibraryEntry[]) =>
	[...new Set(entries.map((e) => e.genre))].sort()

export const gameCount = (n: number) => `${n} game(s)`
