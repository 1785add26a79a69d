// A code the buyer has read is never sold again, on PGlite and PostgreSQL, over HTTP against the real
// server: the buyer's views (the order page, My orders in English and Urdu, the order's API) show each
// delivered unit hidden until its Reveal is tapped (ADR-050); a reveal (the plain form, the JSON call,
// or staff revealing a sold unit) records it through the one reveal module, and a refund refuses to put
// a revealed unit back in stock with a sentence (400), so the next buyer gets another code; the
// console's refund form and unit list say which units were revealed. Views that never show the code (a
// stranger's order page, the buyer's page before Reveal, the receipt, the order's emails) do not count:
// such a unit still goes back.
import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { emailOutbox, stockUnits } from '../../app/db/schema'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import { decryptDelivery } from '../../app/domain/fulfillment/delivery-crypto.server'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { revealUnit } from '../../app/domain/stock/manage-stock.server'
import type { RunningShop } from '../../server/start'
import { cardInStock, paidFromStock } from '../setup/orders'
import { orderRow } from '../setup/payments'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
const codeOf = (subject: string) => /^(\d{6}) is your /.exec(subject)![1]!

describe.each(databaseKinds)('seen units are never sold again, on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let key: string
	const testShop = useTestShop(kind, 'seen_units', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false', TRUST_PROXY: 'true' }, { emptiedAfterEach: true })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
	}, 120_000)

	/** A gift card with two codes in stock; the first order takes FIRST (units go out oldest first). */
	async function cardWithTwoCodes() {
		key = (await createApiKey(db, 'Refunds', null, { scopes: ['refunds'] })).key
		return cardInStock(db, ['FIRST-SEEN-7K2Q', 'SECOND-CODE-9Z4M'])
	}
	/** A transfer order confirmed by staff: paid and delivered from stock at once. */
	async function paidOrder(card: { productId: number; variantId: number }, email: string) {
		const { row, lineId } = await paidFromStock(db, card, { email, note: 'Seen' })
		return { row, lineId, content: () => orderRow(db, row.orderNumber).then((r) => decryptDelivery(r!.deliveryContent) ?? '') }
	}
	/** The owner refunds the line through the console API, asking for its unit back in stock. */
	const refundReturning = (orderNumber: string, lineId: number) =>
		fetch(`${shop.url}/api/admin/orders/${orderNumber}/refunds`, {
			method: 'POST',
			headers: { Origin: shop.url, 'X-ADMIN-KEY': key, 'Content-Type': 'application/json' },
			body: JSON.stringify({ amount: 3300, method: 'bank', reason: 'Buyer changed their mind', lines: [{ lineId, quantity: 1 }], units: 'return' }),
		})
	const available = async () => (await db.select({ id: stockUnits.id }).from(stockUnits).where(eq(stockUnits.status, 'available'))).length
	/** Signs the buyer in to My orders with the emailed code: their session cookie. */
	async function signIn(email: string): Promise<string> {
		expect((await fetch(`${shop.url}/my-orders`, { method: 'POST', headers: form, body: new URLSearchParams({ intent: 'request', email }) })).status).toBe(200)
		const [mail] = (await db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).orderBy(emailOutbox.id)).map(openEmail).filter((m) => /^\d{6} is your /.test(m.subject)).slice(-1)
		const verified = await fetch(`${shop.url}/my-orders/verify`, { method: 'POST', redirect: 'manual', headers: form, body: new URLSearchParams({ email, code: codeOf(mail!.subject), next: '/my-orders' }) })
		expect(verified.status).toBe(303)
		return /buyer_session=[\w-]+/.exec(verified.headers.get('set-cookie') ?? '')![0]
	}
	/** The id of the first hidden unit on a buyer's page or in the order's JSON. */
	const unitIdIn = (page: string) => {
		const found = /name="unitId" value="(\d+)"/.exec(page) ?? /\{"id":(\d+),"kind":"hidden"/.exec(page)
		expect(found, 'a hidden unit with its Reveal').not.toBeNull()
		return found![1]!
	}
	/** A seen unit: the refund is refused with its sentence, the code stays out of stock, and the next buyer gets the other code. */
	async function expectNotSoldAgain(card: { productId: number; variantId: number }, first: Awaited<ReturnType<typeof paidOrder>>) {
		const refused = await refundReturning(first.row.orderNumber, first.lineId)
		expect(refused.status).toBe(400)
		expect(await refused.json()).toMatchObject({ error: 'The buyer has already opened the code delivered for Steam Card: it cannot go back to stock. Void it instead.', fieldErrors: { units: expect.any(String) } })
		expect(await orderRow(db, first.row.orderNumber)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 })
		expect(await available()).toBe(1)
		const next = await paidOrder(card, 'bilal@example.pk')
		expect(await next.content()).toContain('SECOND-CODE-9Z4M')
		expect(await next.content()).not.toContain('FIRST-SEEN-7K2Q')
	}

	for (const page of ['/my-orders', '/ur/my-orders']) {
		it(`a code the buyer read on ${page} is never returned to stock; the console's refund form says it was seen`, async () => {
			const card = await cardWithTwoCodes()
			const first = await paidOrder(card, 'sara@example.pk')
			expect(await first.content()).toContain('FIRST-SEEN-7K2Q')
			const cookie = await signIn('sara@example.pk')
			const listed = await fetch(`${shop.url}${page}`, { headers: { Cookie: cookie } })
			expect(listed.status).toBe(200)
			const before = await listed.text()
			expect(before).not.toContain('FIRST-SEEN-7K2Q')
			// The buyer taps Reveal: a plain form, answered by a way back to the unit, now shown in full.
			const unitId = unitIdIn(before)
			const revealed = await fetch(`${shop.url}/api/order/reveal`, { method: 'POST', redirect: 'manual', headers: { ...form, Cookie: cookie, Referer: `${shop.url}${page}`, 'User-Agent': 'SeenTest/1' }, body: new URLSearchParams({ orderNumber: first.row.orderNumber, unitId, from: 'my-orders' }) })
			expect(revealed.status).toBe(303)
			expect(revealed.headers.get('location')).toBe(`${page}?revealed=${first.row.orderNumber}#unit-${unitId}`)
			expect(await (await fetch(`${shop.url}${page}`, { headers: { Cookie: cookie } })).text()).toContain('FIRST-SEEN-7K2Q')

			await expectNotSoldAgain(card, first)

			// The console's refund form and unit list say so before anyone tries.
			await createStaff(db, { email: 'owner-seen@example.pk', name: 'Owner', role: 'owner', password: 'seen-password-1' })
			const staff = await signInOverHttp(shop.url, 'owner-seen@example.pk', 'seen-password-1', '198.51.100.61')
			const consolePage = (await (await fetch(`${shop.url}/admin/orders/${first.row.orderNumber}`, { headers: { Cookie: staff } })).text()).replace(/<!-- -->/g, '')
			expect(consolePage).toContain('1 delivered, seen by the buyer: it can only be voided')
			expect(consolePage).toMatch(/•••• 7K2Q[\s\S]*?Revealed[\s\S]*? on My orders by the buyer/)
		})
	}

	for (const view of ['/order-status', '/ur/order-status', '/api/order']) {
		it(`a code the buyer read through ${view} (with the order's link) is never returned to stock`, async () => {
			const card = await cardWithTwoCodes()
			const first = await paidOrder(card, 'sara@example.pk')
			const access = { Cookie: `oa_${first.row.orderNumber}=${first.row.accessToken}` }
			const shown = await fetch(`${shop.url}${view}?internalOrderId=${first.row.orderNumber}`, { headers: access })
			expect(shown.status).toBe(200)
			const before = await shown.text()
			expect(before).not.toContain('FIRST-SEEN-7K2Q')
			// Revealed as the page's form does it (or, for the API, as a script calls it).
			const unitId = unitIdIn(before)
			const revealed = await fetch(`${shop.url}/api/order/reveal`, {
				method: 'POST',
				redirect: 'manual',
				headers: { ...access, 'Content-Type': view === '/api/order' ? 'application/json' : form['Content-Type'] },
				body: view === '/api/order' ? JSON.stringify({ orderNumber: first.row.orderNumber, unitId: Number(unitId) }) : new URLSearchParams({ orderNumber: first.row.orderNumber, unitId, from: 'order-page', lang: view.startsWith('/ur') ? 'ur' : 'en' }),
			})
			if (view === '/api/order') expect(await revealed.json()).toEqual({ unitId: Number(unitId), unit: { id: Number(unitId), kind: 'code', code: 'FIRST-SEEN-7K2Q' } })
			else expect(revealed.headers.get('location')).toBe(`${view}?internalOrderId=${first.row.orderNumber}#unit-${unitId}`)
			expect(await (await fetch(`${shop.url}${view}?internalOrderId=${first.row.orderNumber}`, { headers: access })).text()).toContain('FIRST-SEEN-7K2Q')
			await expectNotSoldAgain(card, first)
		})
	}

	it('a sold code staff revealed in full (to send it by hand) is never returned to stock', async () => {
		const card = await cardWithTwoCodes()
		const first = await paidOrder(card, 'sara@example.pk')
		const [unit] = await db.select().from(stockUnits).where(and(eq(stockUnits.productId, card.productId), eq(stockUnits.status, 'used')))
		const staff = await createStaff(db, { email: 'revealer@example.pk', name: 'Revealer', role: 'owner', password: 'reveal-password-1' })
		expect(await revealUnit(db, { ...staff, grants: [] }, card.productId, unit!.id)).toEqual({ kind: 'code', code: 'FIRST-SEEN-7K2Q' })
		await expectNotSoldAgain(card, first)
	})

	it('a code never shown goes back to stock and is sold again: a stranger’s order page, the receipt and the order’s emails never carry it', async () => {
		const card = await cardWithTwoCodes()
		const first = await paidOrder(card, 'sara@example.pk')
		// A stranger with the order number sees the public part only.
		const stranger = await fetch(`${shop.url}/order-status?internalOrderId=${first.row.orderNumber}`)
		expect(stranger.status).toBe(200)
		expect(await stranger.text()).not.toContain('FIRST-SEEN-7K2Q')
		// The buyer's receipt (English and Urdu) and every email of the order name no code.
		const cookie = await signIn('sara@example.pk')
		for (const receiptPath of [`/receipt/${first.row.orderNumber}`, `/ur/receipt/${first.row.orderNumber}`]) {
			const receipt = await fetch(`${shop.url}${receiptPath}`, { headers: { Cookie: cookie } })
			expect(receipt.status).toBe(200)
			const html = await receipt.text()
			expect(html).toContain(first.row.orderNumber)
			expect(html).not.toContain('FIRST-SEEN-7K2Q')
		}
		const emails = (await db.select().from(emailOutbox).where(eq(emailOutbox.orderNumber, first.row.orderNumber))).map(openEmail)
		expect(emails.length).toBeGreaterThan(0)
		for (const email of emails) expect(`${email.subject}\n${email.text}\n${email.html}`).not.toContain('FIRST-SEEN-7K2Q')

		const returned = await refundReturning(first.row.orderNumber, first.lineId)
		expect(returned.status).toBe(201)
		expect(await returned.json()).toMatchObject({ lines: [{ returned: 1, voided: 0 }] })
		expect(await available()).toBe(2)
		const next = await paidOrder(card, 'bilal@example.pk')
		expect(await next.content()).toContain('FIRST-SEEN-7K2Q')
	})
})

describe('one way to reveal a delivered unit', () => {
	it('only the reveal module turns an order’s delivery content into plain text for a buyer (staff screens aside)', () => {
		const root = path.resolve(__dirname, '../../app')
		const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
		const decrypting = files.filter((f) => /decryptDelivery\([^)]*deliveryContent/.test(fs.readFileSync(path.join(root, f), 'utf8'))).map((f) => f.split(path.sep).join('/'))
		// The buyer's views go through reveal-delivery.server.ts, which records the seen moment; staff edit the text of an order by hand.
		expect(decrypting.sort()).toEqual(['domain/fulfillment/update-order-fulfillment.server.ts', 'domain/orders/reveal-delivery.server.ts'])
	})
})
