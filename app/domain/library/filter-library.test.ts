import { describe, expect, it } from 'vitest'
import { gameLibrary } from '../../db/seed/game-library'
import { filterLibrary, gameCount, genresOf, normaliseLibrary, TRENDING_COUNT } from './filter-library'

describe('game library', () => {
	it('de-duplicates by trimmed title and sorts alphabetically', () => {
		const list = normaliseLibrary([
			{ title: 'Halo Infinite ', genre: 'Shooter', trending: true },
			{ title: 'Forza Horizon 5', genre: 'Racing', trending: false },
			{ title: ' Halo Infinite', genre: 'Action', trending: false },
			{ title: 'avowed', genre: 'RPG', trending: false },
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
