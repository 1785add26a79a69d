import type { Page } from '@playwright/test'
import { test, expect, gotoHydrated, menuToggle, signInAsOwner } from './helpers'

// The header fits whatever name the owner gives the store (the console takes up to 60 characters):
// at 320–400 px, in English and in Urdu, the name gives way (two lines, then an ellipsis) and the
// buttons keep their size and a margin from the screen's edge. Opening the phone's menu moves nothing.
// The name is set through the console's API and put back at the end: later tests in this worker use
// the same shop.

const LONG_NAME = 'Karachi Game Hub and Digital Gift Centre' // 40 characters
const LONGEST_NAME = 'Karachi Game Hub, Digital Gift Cards and Game Pass Centre PK' // 60: the most the console takes
const CASES = [
	{ storeName: LONG_NAME, widths: [320, 360, 400] },
	{ storeName: LONGEST_NAME, widths: [320] },
]
const EDGE = 4

/** The page's width and scroll as the buyer would notice them. */
const pageGeometry = (page: Page) =>
	page.evaluate(() => ({
		scrollWidth: document.scrollingElement!.scrollWidth,
		innerWidth: window.innerWidth,
		clientWidth: document.documentElement.clientWidth,
		scrollX: window.scrollX,
		scrollY: window.scrollY,
		bodyWidth: document.body.getBoundingClientRect().width,
	}))

/** The header's controls (what is shown of them at this width), each with its box. */
const headerControls = (page: Page) =>
	page.getByRole('banner').evaluate((header) =>
		Array.from(header.querySelectorAll<HTMLElement>('.header-bar a[href], .header-bar button, .header-bar summary'))
			.filter((el) => el.checkVisibility({ checkVisibilityCSS: true }) && !el.closest('nav'))
			.map((el) => {
				const box = el.getBoundingClientRect()
				return { name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, left: box.left, right: box.right, width: box.width, height: box.height }
			}),
	)

test('a 40- or 60-character store name fits the header at 320, 360 and 400 px in English and Urdu, and the menu opens without moving the page', async ({ page, browser }) => {
	test.setTimeout(120_000)
	const { staff, close } = await signInAsOwner(browser)
	const read = await staff.request.get('/api/admin/store-settings')
	expect(read.ok()).toBe(true)
	const { storeName: before } = (await read.json()) as { storeName: string }
	const rename = async (storeName: string) => {
		const answer = await staff.request.patch('/api/admin/store-settings', { data: { storeName } })
		expect(answer.ok(), await answer.text()).toBe(true)
	}
	try {
		for (const { storeName, widths } of CASES) {
			await rename(storeName)
			for (const lang of ['', '/ur']) {
				for (const width of widths) {
					const where = `${storeName.length} characters, ${lang || '/'} at ${width} px`
					await page.setViewportSize({ width, height: 740 })
					await gotoHydrated(page, lang || '/')
					const header = page.getByRole('banner')
					const logo = header.getByRole('link', { name: lang ? `${storeName} ہوم` : `${storeName} home` })
					await expect(logo, where).toBeVisible()

					const shown = await pageGeometry(page)
					expect(shown.scrollWidth, `${where}: the page is no wider than the screen`).toBeLessThanOrEqual(width)
					expect(shown.scrollWidth, where).toBeLessThanOrEqual(shown.innerWidth)

					// Every control in the bar: at least 24 px each way, inside the screen with a margin.
					const controls = await headerControls(page)
					expect(controls.map((c) => c.name), where).toEqual(expect.arrayContaining([lang ? 'مینو' : 'Menu']))
					for (const c of controls) {
						expect(c.width, `${where}: ${c.name} width`).toBeGreaterThanOrEqual(24)
						expect(c.height, `${where}: ${c.name} height`).toBeGreaterThanOrEqual(24)
						expect(c.left, `${where}: ${c.name} from the left edge`).toBeGreaterThanOrEqual(EDGE)
						expect(c.right, `${where}: ${c.name} from the right edge`).toBeLessThanOrEqual(width - EDGE)
					}
					// The name stays beside the buttons, never under them, in two lines at most.
					const name = await logo.evaluate((el) => {
						const text = el.querySelector('.logo-name')!
						const box = text.getBoundingClientRect()
						const actions = document.querySelector('.header-actions')!.getBoundingClientRect()
						return { left: box.left, right: box.right, height: box.height, lineHeight: parseFloat(getComputedStyle(text).lineHeight), actionsLeft: actions.left, actionsRight: actions.right }
					})
					if (lang) expect(name.left, `${where}: the name ends before the buttons`).toBeGreaterThanOrEqual(name.actionsRight)
					else expect(name.right, `${where}: the name ends before the buttons`).toBeLessThanOrEqual(name.actionsLeft)
					expect(name.height, `${where}: two lines at most`).toBeLessThanOrEqual(name.lineHeight * 2 + 1)

					// Opening the menu: the same page width and scroll, the menu within the screen.
					await menuToggle(page).click()
					const nav = page.locator('.phone-nav')
					await expect(nav, where).toBeVisible()
					expect(await pageGeometry(page), `${where}: opening the menu moves nothing`).toEqual(shown)
					const navBox = (await nav.boundingBox())!
					expect(navBox.x, where).toBeGreaterThanOrEqual(0)
					expect(navBox.x + navBox.width, where).toBeLessThanOrEqual(width)
					await menuToggle(page).click()
					await expect(nav, where).toBeHidden()
					expect(await pageGeometry(page), `${where}: closing it moves nothing either`).toEqual(shown)
				}
			}
		}
	} finally {
		await rename(before)
		await close()
	}
	// The shop's own name, on one line: its link is still a whole tap target.
	for (const width of [320, 360]) {
		await page.setViewportSize({ width, height: 740 })
		await gotoHydrated(page, '/')
		await expect(page.getByRole('banner').getByRole('link', { name: `${before} home` })).toBeVisible()
		for (const c of await headerControls(page)) {
			expect(c.height, `${before} at ${width} px: ${c.name} height`).toBeGreaterThanOrEqual(24)
			expect(c.right, `${before} at ${width} px: ${c.name} from the right edge`).toBeLessThanOrEqual(width - EDGE)
		}
	}
})
