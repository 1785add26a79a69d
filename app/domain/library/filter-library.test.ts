import { describe, expect, it } from 'vitest'
import { gameLibrary } from '../../db/seed/game-library'
import { filterLibrary, gameCount, genresOf, LIBRARY_PAGE_SIZE, libraryHref, libraryPage, normaliseLibrary, parseLibraryPage, TRENDING_COUNT } from './filter-library'

describe('game library', () => {
	it('de-duplicates by trimmed title and sorts alphabetically', () => {
		const list = normaliseLibrary([
			{ title: 'Halo Infinite ', genre: 'Shooter', top: true },
			{ title: 'Forza Horizon 5', genre: 'Racing', top: false },
			{ title: ' Halo Infinite', genre: 'Action', top: false },
			{ title: 'avowed', genre: 'RPG', top: false },
		])
		expect(list.map((g) => g.title)).toEqual(['avowed', 'Forza Horizon 5', 'Halo Infinite'])
		expect(list[2]!.genre).toBe('Shooter')
	})

	it('searches titles case-insensitively and matches genre exactly', () => {
		const list = normaliseLibrary(gameLibrary)
		const halo = filterLibrary(list, { search: 'HALO', genre: '' }).all
		expect(halo.length).toBeGreaterThan(1)
		expect(halo.every((g) => g.title.toLowerCase().includes('halo'))).toBe(true)
		const racing = filterLibrary(list, { search: '', genre: 'Racing' }).all
		expect(racing.length).toBeGreaterThan(0)
		expect(racing.every((g) => g.genre === 'Racing')).toBe(true)
		expect(filterLibrary(list, { search: '', genre: 'Rac' }).all).toEqual([])
	})

	it('holds about 400 titles with exactly 24 trending', () => {
		const list = normaliseLibrary(gameLibrary)
		expect(list.length).toBeGreaterThanOrEqual(380)
		expect(list.length).toBeLessThanOrEqual(420)
		expect(filterLibrary(list, { search: '', genre: '' }).trending).toHaveLength(TRENDING_COUNT)
		expect(genresOf(list)).toContain('Shooter')
	})

	it('counts games', () => {
		expect(gameCount(0)).toBe('0 game(s)')
		expect(gameCount(24)).toBe('24 game(s)')
	})
})

describe('library pages', () => {
	const list = normaliseLibrary(gameLibrary)

	it('cuts the filtered list into pages of 48, the last page holding the rest', () => {
		const first = libraryPage(list, 1)
		expect(first).toMatchObject({ page: 1, pageCount: Math.ceil(list.length / LIBRARY_PAGE_SIZE), first: 1, last: 48 })
		expect(first.items).toEqual(list.slice(0, 48))
		const last = libraryPage(list, 999)
		expect(last.page).toBe(last.pageCount)
		expect(last.items).toEqual(list.slice((last.pageCount - 1) * 48))
		expect(last.last).toBe(list.length)
		expect(libraryPage([], 3)).toMatchObject({ items: [], page: 1, pageCount: 1 })
	})

	it('reads the page from the query string and keeps the search and genre in its links', () => {
		expect([parseLibraryPage('2'), parseLibraryPage(null), parseLibraryPage('-1'), parseLibraryPage('1e99'), parseLibraryPage('x')]).toEqual([2, 1, 1, 1, 1])
		expect(libraryHref({ search: 'halo', genre: 'Shooter' }, 2)).toBe('/game-pass-library?q=halo&genre=Shooter&page=2')
		expect(libraryHref({ search: '', genre: '' }, 1)).toBe('/game-pass-library')
	})
})
