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
	return { all, trending: all.filter((e) => e.top).slice(0, TRENDING_COUNT) }
}

export const genresOf = (entries: GameLibraryEntry[]) =>
	[...new Set(entries.map((e) => e.genre))].sort()

export const gameCount = (n: number) => `${n} game(s)`

/** Titles per page of "All Titles": about four phone screens. */
export const LIBRARY_PAGE_SIZE = 48

/** A 1-based page number from the query string; anything else is page 1. */
export function parseLibraryPage(value: string | null): number {
	const page = Number(value)
	return Number.isSafeInteger(page) && page > 0 ? page : 1
}

/** One page of a filtered list: a page past the end shows the last one. */
export function libraryPage<T>(items: T[], page: number, size = LIBRARY_PAGE_SIZE) {
	const pageCount = Math.max(1, Math.ceil(items.length / size))
	const current = Math.min(Math.max(1, page), pageCount)
	const start = (current - 1) * size
	return { items: items.slice(start, start + size), page: current, pageCount, first: start + 1, last: start + Math.min(size, items.length - start) }
}

/** The address of a page of the library with the same search and genre. */
export function libraryHref({ search, genre }: LibraryFilter, page: number) {
	const params = new URLSearchParams()
	if (search) params.set('q', search)
	if (genre) params.set('genre', genre)
	if (page > 1) params.set('page', String(page))
	const query = params.toString()
	return query ? `/game-pass-library?${query}` : '/game-pass-library'
}
