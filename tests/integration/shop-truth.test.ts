// What the buyer reads is true, checked on the pages a real shop server renders: the WhatsApp number
// shown is the one its link opens (after the owner changes it), stars are counted or absent, no
// invented testimonials or counts, and Game Pass has one “from” price everywhere.
import { beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { emailOutbox } from '../../app/db/schema'
import { redeemSignInLink, requestBuyerSignIn } from '../../app/domain/buyers/sign-in.server'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { addReview } from '../../app/domain/reviews/add-review.server'
import { REVIEW_MESSAGES } from '../../app/domain/reviews/review-scope'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import type { RunningShop } from '../../server/start'
import { checkoutBody, placeOrder } from '../setup/payments'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { withoutScripts } from '../setup/page-text'
import { inEnglish } from '../../app/i18n/english'

const OWNER = { email: 'owner@example.pk', password: 'truth-owner-password' }

/** Every page that names a WhatsApp number or links to WhatsApp. */
const CONTACT_PAGES = ['/', '/contact', '/products', '/about', '/palestine-initiative', '/faq', '/privacy-policy', '/terms-and-conditions', '/refund-policy', '/ownership', '/product/1', '/game-pass-details']

/** The page's words, as a buyer reads them. */
const textOf = (html: string) =>
	html
		.replace(/<script[\s\S]*?<\/script>/g, ' ')
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&amp;/g, '&')
		.replace(/&nbsp;|&#160;|\u00a0/g, ' ')
		.replace(/\s+/g, ' ')

/** Each link whose words show a phone number: the number shown and where the link goes. */
const numberLinks = (html: string) =>
	[...html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)]
		.map(([, href, inner]) => ({ href: href!.replace(/&amp;/g, '&'), shown: /\+92[\d ]{9,13}\d/.exec(textOf(inner!))?.[0] ?? null }))
		.filter((l) => l.shown !== null)
const digits = (text: string) => text.replace(/\D/g, '')

describe.each(databaseKinds)('what the shop tells buyers, on %s', (kind) => {
	let shop: RunningShop
	let ownerCookie: string
	const page = async (url: string) => {
		const res = await fetch(`${shop.url}${url}`)
		expect(res.status, url).toBe(200)
		return withoutScripts(await res.text())
	}

	const testShop = useTestShop(kind, 'truth', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	beforeAll(async () => {
		shop = testShop.shop
		ownerCookie = await signInOverHttp(shop.url, OWNER.email, OWNER.password, '198.51.100.90')
	})


	it('shows, after the owner changes the WhatsApp number, the new number wherever WhatsApp is named, each number linked to what it opens', async () => {
		const saved = await fetch(`${shop.url}/admin/store`, {
			method: 'POST',
			headers: { Origin: shop.url, Cookie: ownerCookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ whatsapp: '0345 7778899' }),
		})
		expect(saved.status).toBe(200)
		expect(await saved.text()).toContain('Saved the WhatsApp number.')

		let namedOn = 0
		for (const url of CONTACT_PAGES) {
			const html = await page(url)
			// Every chat link opens the new number.
			for (const [, number] of html.matchAll(/https:\/\/wa\.me\/(\d+)/g)) expect(number, url).toBe('923457778899')
			// Every number in a link is the number that link opens: WhatsApp's chat, the phone's call.
			for (const link of numberLinks(html)) {
				expect(link.href, `${url}: ${link.shown}`).toMatch(/^(https:\/\/wa\.me\/|tel:\+)/)
				expect(digits(link.href.replace(/\?.*$/, '')), `${url}: ${link.shown}`).toBe(digits(link.shown!))
			}
			// Wherever the words say WhatsApp and a number, it is the WhatsApp number.
			const said = [...textOf(html).matchAll(/WhatsApp:?\s(?:at\s)?(\+92[\d ]{9,13}\d)/g)].map((m) => m[1])
			for (const number of said) expect(number, url).toBe('+92 345 7778899')
			namedOn += said.length > 0 ? 1 : 0
		}
		// The contact page, the home page's contact, the footer, the products note and the policies all name it.
		expect(namedOn).toBe(CONTACT_PAGES.length)
		// The support number, still the sample, is shown as a call to itself, never as the WhatsApp number.
		expect(numberLinks(await page('/contact'))).toEqual(
			expect.arrayContaining([
				{ href: 'https://wa.me/923457778899', shown: '+92 345 7778899' },
				{ href: 'tel:+923001234567', shown: '+92 300 1234567' },
			]),
		)
	})

	it('shows no invented testimonials, counts or stars on the home page and the pages that claimed them', async () => {
		const home = await page('/')
		expect(home).not.toContain('Trusted by')
		expect(home).not.toContain('What Our Buyers Say')
		for (const invented of ['Ahmed R., Lahore', 'Bilal A., Peshawar']) expect(home).not.toContain(invented)
		for (const url of ['/', '/about', '/palestine-initiative', '/faq', '/ownership', '/product/1', '/products']) {
			const text = textOf(await page(url))
			expect(text, url).not.toMatch(/1,?000\+|more than 1,?000|happy customers/i)
			// No product here has a review yet: no rating, no row of stars (the review form's star picker aside).
			expect(text, url).not.toMatch(/★\s?\d|★★/)
		}
	})

	it('shows the testimonials the owner writes, and nothing else', async () => {
		const saved = await fetch(`${shop.url}/admin/store`, {
			method: 'POST',
			headers: { Origin: shop.url, Cookie: ownerCookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ 'testimonials.rows': '1', 'testimonials.0.name': 'Sana, Multan', 'testimonials.0.text': 'Quick and kind.', 'testimonials.0.rating': '4' }),
		})
		expect(saved.status).toBe(200)
		const text = textOf(await page('/'))
		expect(text).toContain('What Our Buyers Say')
		expect(text).toContain('Quick and kind.')
		expect(text).not.toMatch(/1,?000\+/)
	})

	it('shows a product’s real rating (one 4-star review: ★ 4.0 (1)) on its card and its page, and none on products without reviews', async () => {
		await addReview(shop.database.db, { productId: 7, name: 'Ali', rating: 4, comment: 'Worked fine' }, { clientIp: '203.0.113.91', limitPerHour: 100 })
		const cards = await page('/products')
		const card = (id: number) => {
			const start = cards.indexOf(`id="product-${id}-name"`)
			return textOf(cards.slice(start, cards.indexOf('</article>', start)))
		}
		expect(card(7)).toContain('★ 4.0 (1)')
		expect(cards).toContain('aria-label="Rated 4.0 out of 5 from 1 review"')
		expect(card(8)).not.toMatch(/★/)
		expect(cards).not.toContain('★★★★★')
		const product = textOf(await page('/product/7'))
		expect(product).toContain('★ 4.0 (1)')
		expect(textOf(await page('/product/8'))).not.toMatch(/★ \d/)
	})

	it('marks a review “Verified purchase” only for a signed-in buyer of the product; a typed email earns nothing, and buyers-only asks a stranger to sign in', async () => {
		const { db } = shop.database
		const post = (fields: Record<string, string>, cookie?: string) =>
			fetch(`${shop.url}/api/reviews`, { method: 'POST', headers: { Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '203.0.113.92', ...(cookie ? { Cookie: cookie } : {}) }, body: new URLSearchParams(fields) })
		const verified = async (res: Response) => {
			expect(res.status).toBe(201)
			return ((await res.json()) as { review: { verifiedPurchase: boolean } }).review.verifiedPurchase
		}
		// Sara bought PlayStation Plus Extra (product 8) and signs in with her order email.
		const order = await placeOrder(db, checkoutBody([{ id: 8, quantity: 1, selectedDuration: { label: '1 Month', months: 1 } }], { customerEmail: 'sara@example.pk' }))
		await markOrderPaid(db, order.id)
		await requestBuyerSignIn(db, { email: 'sara@example.pk', clientIp: '203.0.113.93' })
		const [mail] = await db.select().from(emailOutbox).where(sql`${emailOutbox.dedupeKey} like 'sign-in:%'`).orderBy(sql`${emailOutbox.id} desc`).limit(1)
		const token = new URL(openEmail(mail!).params.SIGN_IN_URL!).searchParams.get('token')
		const sara = `buyer_session=${(await redeemSignInLink(db, token, { ip: null, userAgent: null })).sessionId}`

		// The form tells a buyer how to review as one: sign in with the order email, and come back here.
		const form = await page('/product/8')
		expect(textOf(form)).toContain('Sign in with your order email to review as a buyer')
		expect(form).toContain(`href="/my-orders?next=${encodeURIComponent('/product/8#reviews')}"`)
		// That sign-in keeps where to come back to (the emailed link and the code go there); a signed-in buyer goes straight back.
		const signIn = await fetch(`${shop.url}/my-orders?next=${encodeURIComponent('/product/8#reviews')}`)
		expect(await signIn.text()).toContain('name="next" value="/product/8#reviews"')
		const back = await fetch(`${shop.url}/my-orders?next=${encodeURIComponent('/product/8#reviews')}`, { headers: { Cookie: sara }, redirect: 'manual' })
		expect(back.headers.get('location')).toBe('/product/8#reviews')
		expect((await fetch(`${shop.url}/my-orders?next=${encodeURIComponent('https://evil.example/')}`, { headers: { Cookie: sara }, redirect: 'manual' })).status).toBe(200)

		// Once they start on the form, it says who is signed in and whether the review will show the badge.
		const standing = async (query: string, cookie?: string) => {
			const res = await fetch(`${shop.url}/api/reviews/me?${query}`, { headers: cookie ? { Cookie: cookie } : {} })
			expect(res.headers.get('cache-control')).toBe('private, no-store')
			return { status: res.status, body: await res.json() }
		}
		expect(await standing('productId=8')).toEqual({ status: 200, body: { signedIn: false } })
		expect(await standing('productId=8', sara)).toEqual({ status: 200, body: { signedIn: true, email: 'sara@example.pk', bought: true } })
		expect(await standing('productId=7', sara)).toEqual({ status: 200, body: { signedIn: true, email: 'sara@example.pk', bought: false } })
		expect((await standing('productId=abc')).status).toBe(400)
		expect((await standing('productId=999999')).status).toBe(404)

		expect(await verified(await post({ productId: '8', name: 'Stranger', rating: '5', comment: 'Typed her email', email: 'sara@example.pk' }))).toBe(false)
		expect(await verified(await post({ productId: '8', name: 'Guest', rating: '5', comment: 'Anyone may review' }))).toBe(false)
		expect(await verified(await post({ productId: '8', name: 'Sara', rating: '5', comment: 'Bought and signed in' }, sara))).toBe(true)

		const saved = await fetch(`${shop.url}/admin/store`, {
			method: 'POST',
			headers: { Origin: shop.url, Cookie: ownerCookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ reviewsFrom: 'buyers' }),
		})
		expect(saved.status).toBe(200)
		expect(textOf(await page('/product/8'))).toContain('Only buyers can review')
		const refused = await post({ productId: '8', name: 'Stranger', rating: '1', comment: 'Never bought it', email: 'sara@example.pk' })
		expect(refused.status).toBe(403)
		expect(await refused.json()).toMatchObject({ error: inEnglish(REVIEW_MESSAGES.signInToReview) })
		expect(await verified(await post({ productId: '8', name: 'Sara', rating: '4', comment: 'Still a buyer' }, sara))).toBe(true)
	})

	it('gives Game Pass one “from” price, the lowest a buyer can pay, on the home promo, the product page and /game-pass-details', async () => {
		for (const url of ['/', '/product/1', '/game-pass-details']) {
			// The home page's cards say “from” for their own products: the Game Pass promo is what is checked there.
			const html = await page(url)
			const text = textOf(url === '/' ? html.slice(html.indexOf('id="promo-title"'), html.indexOf('id="featured-title"')) : html)
			expect(text, url).toContain('from Rs. 2,700')
			expect(text, url).not.toMatch(/from Rs\. (?!2,700|1,200)[\d,]+/)
		}
		// The page's price table shows what that price buys.
		expect(textOf(await page('/game-pass-details'))).toMatch(/1 Month Rs\. 4,000 Rs\. 2,700/)
	})

	it('says “from” on a card only when its product sells at more than one price: /products, its search results and the home page', async () => {
		const cardText = (html: string, id: number) => {
			const start = html.indexOf(`id="product-${id}-name"`)
			expect(start, `card ${id}`).toBeGreaterThan(-1)
			return textOf(html.slice(start, html.indexOf('</article>', start)))
		}
		const products = await page('/products')
		// Console Game Pass: 1 or 2 months, private or shared; GTA V: one price; an account: private or shared.
		expect(cardText(products, 1)).toMatch(/^[^R]*from Rs\. 2,700/)
		expect(cardText(products, 21)).toMatch(/from Rs\. [\d,]+/)
		expect(cardText(products, 5)).toMatch(/Rs\. [\d,]+/)
		expect(cardText(products, 5)).not.toMatch(/from/i)
		expect(cardText(products, 5)).not.toContain('Starting Price')
		const found = await page('/products?q=game+pass')
		expect(cardText(found, 1)).toContain('from Rs. 2,700')
		expect(cardText(await page('/products?q=gta'), 5)).not.toMatch(/from/i)
		const home = await page('/')
		expect(cardText(home, 1)).toContain('from Rs. 2,700')
		expect(cardText(home, 5)).not.toMatch(/from/i)
	})
})
