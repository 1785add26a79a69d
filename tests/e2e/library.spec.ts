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

		// The count is of every title; a phone gets them a page at a time.
		const all = page.getByRole('region', { name: /All Titles/ })
		const total = await shownCount(all)
		expect(total).toBeGreaterThan(380)
		const games = await gamesIn(all)
		expect(games).toHaveLength(48)
		await expect(all.getByRole('status')).toHaveText(`Showing 1–48 of ${total}`)
		const titles = games.map((g) => g.title)
		expect(new Set(titles).size).toBe(titles.length)
		const sorted = [...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
		expect(titles).toEqual(sorted)
	})

	test('Show more appends the next 48 titles in order, up to the last one', async ({ page }) => {
		await gotoHydrated(page, '/game-pass-library')
		const all = page.getByRole('region', { name: /All Titles/ })
		const total = await shownCount(all)
		const firstPage = await gamesIn(all)
		const more = all.getByRole('link', { name: 'Show more' })
		await more.click()
		await expect(all.getByRole('listitem')).toHaveCount(96)
		await expect(all.getByRole('status')).toHaveText(`Showing 1–96 of ${total}`)
		await expect(page).toHaveURL(/\/game-pass-library$/)
		const titles = (await gamesIn(all)).map((g) => g.title)
		expect(titles.slice(0, 48)).toEqual(firstPage.map((g) => g.title))
		expect(new Set(titles).size).toBe(96)
		expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))

		while ((await all.getByRole('listitem').count()) < total) {
			const shown = await all.getByRole('listitem').count()
			await more.click()
			await expect(all.getByRole('listitem')).toHaveCount(Math.min(shown + 48, total))
		}
		await expect(more).toHaveCount(0)
		await expect(all.getByRole('status')).toHaveText(`Showing 1–${total} of ${total}`)
	})

	test('without scripts, pages are links that keep the search and genre', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto('/game-pass-library?genre=Shooter')
		const all = page.getByRole('region', { name: /All Titles/ })
		const total = await shownCount(all)
		expect(total).toBeGreaterThan(48)
		await expect(all.getByRole('listitem')).toHaveCount(48)
		await all.getByRole('link', { name: 'Show more' }).click()
		await expect(page).toHaveURL(/\/game-pass-library\?genre=Shooter&page=2$/)
		await expect(all.getByRole('status')).toHaveText(`Showing 49–${Math.min(96, total)} of ${total}`)
		expect(new Set((await gamesIn(all)).map((g) => g.genre))).toEqual(new Set(['Shooter']))
		await expect(page.getByRole('searchbox', { name: 'Search games' })).toHaveValue('')
		await all.getByRole('link', { name: 'Previous' }).click()
		await expect(page).toHaveURL(/\/game-pass-library\?genre=Shooter$/)

		// The search form is a GET form: q and genre arrive in the address, and the count follows.
		await page.getByRole('searchbox', { name: 'Search games' }).fill('halo')
		await page.getByRole('searchbox', { name: 'Search games' }).press('Enter')
		await expect(page).toHaveURL(/q=halo/)
		await expect(page).toHaveURL(/genre=Shooter/)
		// The new page has arrived (the address changes before its list is drawn): its first title is a Halo.
		await expect(all.getByRole('listitem').first()).toContainText(/halo/i)
		const halo = await gamesIn(all)
		expect(halo.length).toBeGreaterThan(0)
		expect(await shownCount(all)).toBe(halo.length)
		for (const game of halo) expect(game.title.toLowerCase()).toContain('halo')
		await context.close()
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
