import type { Locator } from '@playwright/test'
import { test, expect, gotoHydrated } from './helpers'

/**
 * Title and genre of each game card: a card reads ['Top',] title, genre. Read from the text of each
 * part rather than innerText: titles far down the list are not laid out until scrolled near.
 */
async function gamesIn(section: Locator) {
	return section.getByRole('listitem').evaluateAll((items) =>
		items.map((item) => {
			const parts = [...item.children].map((c) => (c.textContent ?? '').trim()).filter(Boolean)
			const top = parts[0] === 'Top'
			const [title = '', genre = ''] = top ? parts.slice(1) : parts
			return { top, title, genre }
		}),
	)
}

/** The 'N game(s)' count in a section heading. */
async function shownCount(section: Locator) {
	const text = await section.getByRole('heading', { level: 2 }).textContent()
	const match = /(\d+) game\(s\)/.exec(text ?? '')
	expect(match, `count in "${text}"`).not.toBeNull()
	return Number(match![1])
}

test.describe('Game Pass library', () => {
	test('lists 24 trending titles and a counted, alphabetical list of all titles', async ({ page }) => {
		await page.goto('/game-pass-library')
		await expect(page.getByRole('heading', { level: 1, name: 'Game Pass Ultimate Library' })).toBeVisible()
		await expect(page.getByRole('searchbox', { name: 'Search games' })).toHaveAttribute('placeholder', 'Search games…')
		await expect(page.getByRole('combobox', { name: 'Genre' })).toHaveValue('')
		await expect(page.getByRole('combobox', { name: 'Genre' }).getByRole('option', { name: 'All Genres' })).toBeAttached()

		const trending = page.getByRole('region', { name: /Trending Now \/ Most Popular/ })
		await expect(trending.getByRole('listitem')).toHaveCount(24)
		await expect(trending.getByRole('heading', { level: 2 })).toContainText('24 game(s)')
		const top = await gamesIn(trending)
		expect(top.every((g) => g.top)).toBe(true)

		const all = page.getByRole('region', { name: /All Titles/ })
		const games = await gamesIn(all)
		expect(games.length).toBeGreaterThan(100)
		expect(await shownCount(all)).toBe(games.length)
		const titles = games.map((g) => g.title)
		expect(new Set(titles).size).toBe(titles.length)
		const sorted = [...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
		expect(titles).toEqual(sorted)
	})

	test('search is a case-insensitive title match', async ({ page }) => {
		await gotoHydrated(page, '/game-pass-library')
		const all = page.getByRole('region', { name: /All Titles/ })
		const total = await shownCount(all)

		await page.getByRole('searchbox', { name: 'Search games' }).fill('hALo')
		await expect(page).toHaveURL(/[?&]q=hALo/)
		await expect.poll(async () => (await gamesIn(all)).length).toBeLessThan(total)
		const games = await gamesIn(all)
		expect(games.length).toBeGreaterThan(0)
		for (const game of games) expect(game.title.toLowerCase()).toContain('halo')
		expect(games.map((g) => g.title)).toContain('Halo Infinite')
		expect(await shownCount(all)).toBe(games.length)

		const trending = page.getByRole('region', { name: /Trending Now/ })
		for (const game of await gamesIn(trending)) expect(game.title.toLowerCase()).toContain('halo')
		expect(await shownCount(trending)).toBe((await gamesIn(trending)).length)
	})

	test('the genre filter is an exact match', async ({ page }) => {
		await gotoHydrated(page, '/game-pass-library')
		const all = page.getByRole('region', { name: /All Titles/ })
		const total = await shownCount(all)

		await page.getByRole('combobox', { name: 'Genre' }).selectOption('Fighting')
		await expect(page).toHaveURL(/[?&]genre=Fighting/)
		await expect.poll(async () => (await gamesIn(all)).length).toBeLessThan(total)
		const games = await gamesIn(all)
		expect(games.length).toBeGreaterThan(0)
		expect(games.map((g) => g.genre)).toEqual(games.map(() => 'Fighting'))
		expect(await shownCount(all)).toBe(games.length)
	})

	test('a search with no match says so in both sections', async ({ page }) => {
		await gotoHydrated(page, '/game-pass-library')
		await page.getByRole('searchbox', { name: 'Search games' }).fill('zzqx no such game')
		await expect(page.getByText('No games match your filters.')).toBeVisible()
		await expect(page.getByText('No games found matching your criteria')).toBeVisible()
		await expect(page.getByRole('region', { name: /Trending Now/ }).getByRole('heading', { level: 2 })).toContainText('0 game(s)')
		await expect(page.getByRole('region', { name: /All Titles/ }).getByRole('heading', { level: 2 })).toContainText('0 game(s)')
		await expect(page.getByRole('region', { name: /All Titles/ }).getByRole('listitem')).toHaveCount(0)
	})
})
