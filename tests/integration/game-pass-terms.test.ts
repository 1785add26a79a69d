// The Game Pass terms a buyer must accept before checkout, in the page's language: the Urdu pages
// (/ur/game-pass-terms, /ur/game-pass-pc-terms) get the shop's Urdu terms from their loader, the
// English ones the English; the terms' text is never in the pages' scripts.
import { describe, expect, it } from 'vitest'
import { gamePassTerms, type PolicySection } from '../../app/content/policies'
import { gamePassTermsUr } from '../../app/content/ur/policies'
import { withoutScripts } from '../setup/page-text'
import { useTestShop } from '../setup/test-shop'

const URDU_LETTERS = /[\u0600-\u06ff]/
const places = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort()
const texts = (s: PolicySection) => [s.heading, ...s.paragraphs, ...(s.bullets ?? [])]

describe('the Game Pass terms in Urdu', () => {
	it('has every section of the English, with as many paragraphs and points and the same places', () => {
		for (const edition of ['console', 'pc'] as const) {
			const english = gamePassTerms[edition]
			const urdu = gamePassTermsUr[edition]
			expect(urdu.length, edition).toBe(english.length)
			urdu.forEach((section, i) => {
				const twin = english[i]!
				expect(section.paragraphs.length, twin.heading).toBe(twin.paragraphs.length)
				expect(section.bullets?.length ?? 0, twin.heading).toBe(twin.bullets?.length ?? 0)
				expect(places(texts(section).join(' ')), twin.heading).toEqual(places(texts(twin).join(' ')))
				for (const text of texts(section)) {
					expect(text, twin.heading).toMatch(URDU_LETTERS)
					// Urdu sentences end with the Urdu full stop, never a Latin one.
					expect(text, twin.heading).not.toMatch(/\.$/)
				}
				for (const text of [...section.paragraphs, ...(section.bullets ?? [])]) expect(text, twin.heading).toMatch(/۔$/)
			})
		}
		expect(gamePassTermsUr.console.map((s) => s.paragraphs.join(' ')).join(' ')).toContain('اپنے Xbox کنسول پر')
		expect(gamePassTermsUr.pc.map((s) => s.paragraphs.join(' ')).join(' ')).toContain('اپنے PC پر')
	})
})

describe('the Game Pass terms pages', () => {
	const shop = useTestShop('pglite', 'game-pass-terms')
	const get = (path: string) => fetch(shop.url + path, { redirect: 'manual', headers: { Accept: 'text/html' } })
	const headings = (sections: PolicySection[]) => [...new Set(sections.map((s) => s.heading))]

	// Buy Now opens the terms page in the browser, which asks its loader for the page's data (<page>.data).
	for (const { path, urdu, english } of [
		{ path: '/ur/game-pass-terms', urdu: gamePassTermsUr.console, english: gamePassTerms.console },
		{ path: '/ur/game-pass-pc-terms', urdu: gamePassTermsUr.pc, english: gamePassTerms.pc },
	]) {
		it(`gives ${path} the Urdu terms and none of the English`, async () => {
			const page = await get(path)
			expect(page.status).toBe(200)
			const html = await page.text()
			expect(html).toContain('<html lang="ur" dir="rtl">')
			const data = await get(`${path}.data`)
			expect(data.status).toBe(200)
			const terms = await data.text()
			for (const heading of headings(urdu)) expect(terms, heading).toContain(heading)
			for (const heading of headings(english)) expect(terms, heading).not.toContain(heading)
			for (const heading of headings(english)) expect(html, heading).not.toContain(heading)
		})
	}

	it('still gives /game-pass-terms and /game-pass-pc-terms the English terms', async () => {
		for (const [path, sections] of [
			['/game-pass-terms', gamePassTerms.console],
			['/game-pass-pc-terms', gamePassTerms.pc],
		] as const) {
			const data = await get(`${path}.data`)
			expect(data.status, path).toBe(200)
			const terms = await data.text()
			expect(terms, path).toContain('Personal use only')
			for (const heading of headings(sections)) expect(terms, heading).toContain(heading)
			for (const heading of headings(gamePassTermsUr.console)) expect(terms, heading).not.toContain(heading)
		}
		expect(await (await get('/game-pass-pc-terms.data')).text()).toContain('Third-party launchers: do not sign out')
		expect(await (await get('/game-pass-terms.data')).text()).not.toContain('Third-party launchers: do not sign out')
	})

	it('opened without a product, says so in the page’s language', async () => {
		expect(withoutScripts(await (await get('/ur/game-pass-terms')).text())).toContain('کوئی گیم پاس پروڈکٹ نہیں چنی گئی یا کارٹ خالی ہے۔')
		expect(withoutScripts(await (await get('/game-pass-pc-terms')).text())).toContain('No Game Pass PC product selected or cart empty.')
	})

	it('keeps the terms out of the pages’ scripts', async () => {
		const sentences = [gamePassTerms.console[0]!.paragraphs[0]!, gamePassTermsUr.console[0]!.paragraphs[0]!, gamePassTermsUr.pc[4]!.paragraphs[0]!]
		for (const path of ['/game-pass-terms', '/ur/game-pass-terms', '/ur/game-pass-pc-terms']) {
			const html = await (await get(path)).text()
			// Every script the page loads: those it names, and those they import.
			const pending = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))]
			expect(pending.some((script) => script.includes('game-pass-terms')), path).toBe(true)
			const seen = new Set<string>()
			while (pending.length > 0) {
				const script = pending.pop()!
				if (seen.has(script)) continue
				seen.add(script)
				const res = await fetch(shop.url + script)
				expect(res.status, script).toBe(200)
				const code = await res.text()
				for (const sentence of sentences) expect(code.includes(sentence), `${script} on ${path}`).toBe(false)
				for (const [, name] of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) pending.push(`/assets/${name}`)
			}
			expect(seen.size, path).toBeGreaterThan(5)
		}
	})
})
