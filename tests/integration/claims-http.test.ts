// Claims over HTTP against the real server (ADR-052): the buyer's multipart POST /api/order/claims with
// the order page's access, its hostile input (not an image, too large, NUL, ids past the integer range,
// fields after the file, no access) answered with a 4xx and a sentence, the plain form's way back, the
// claim page in English and Urdu, and staff's queue and answer through the console API.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { orderStockUnits } from '../../app/domain/stock/order-stock.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import type { RunningShop } from '../../server/start'
import { codes, giftCardWithTwoOptions } from '../setup/catalogue'
import { moveDelivery, owner, payByTransfer } from '../setup/orders'
import { moveClockForTests } from '../../app/utils/clock'
import { checkoutBody, orderRow, png } from '../setup/payments'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const MB = 1024 * 1024

describe.each(databaseKinds)('claims over HTTP on %s', (kind) => {
	const testShop = useTestShop(kind, 'claims', { CHECKOUT_RATE_LIMIT: '1000', TRUST_PROXY: 'true', JOBS_WORKER: 'false' })
	let shop: RunningShop
	let db: Db
	beforeAll(() => {
		shop = testShop.shop
		db = shop.database.db
	})

	/** A paid order of one code from stock, placed through the checkout (the buyer's cookie), its code revealed on its page. */
	async function deliveredOrder(prefix: string) {
		const { productId, ten } = await giftCardWithTwoOptions(db, `PSN ${prefix}`)
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes(prefix, 2) })
		const res = await fetch(`${shop.url}/api/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(checkoutBody([{ id: productId, quantity: 1, variantId: ten }], { paymentMethod: 'manual' })),
		})
		expect(res.status).toBe(201)
		const { orderNumber } = (await res.json()) as { orderNumber: string }
		const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
		const order = await payByTransfer(db, (await orderRow(db, orderNumber))!)
		const [unit] = await orderStockUnits(db, order.id)
		// The buyer taps Reveal on the code, then opens the page again.
		const reveal = await fetch(`${shop.url}/api/order/reveal`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify({ orderNumber, unitId: unit!.assignmentId }) })
		expect(reveal.status).toBe(200)
		const page = await fetch(`${shop.url}/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`, { headers: { Cookie: cookie } })
		const html = await page.text()
		expect(html).toContain(`${prefix}-0001-XQ7K`)
		return { orderNumber, cookie, unitId: unit!.assignmentId, html }
	}

	function post(fields: [string, string | Blob][], { cookie = '', accept = 'application/json' } = {}) {
		const form = new FormData()
		for (const [name, value] of fields) form.append(name, value as string)
		return fetch(`${shop.url}/api/order/claims`, { method: 'POST', body: form, redirect: 'manual', headers: { Cookie: cookie, Accept: accept } })
	}
	const image = (bytes: Uint8Array = png(), type = 'image/png') => new Blob([new Uint8Array(bytes)], { type })
	const claimFields = (orderNumber: string, unitId: number | string, text = 'The code is already redeemed.', file: Blob = image()): [string, string | Blob][] => [
		['orderNumber', orderNumber],
		['unitId', String(unitId)],
		['text', text],
		['screenshot', file],
	]
	const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error

	it('content delivered by hand has no claim form: once revealed and within its window, the page offers the chat with the order number', async () => {
		const { productId, ten } = await giftCardWithTwoOptions(db, 'PSN by hand')
		const res = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody([{ id: productId, quantity: 1, variantId: ten }], { paymentMethod: 'manual' })) })
		expect(res.status).toBe(201)
		const { orderNumber } = (await res.json()) as { orderNumber: string }
		const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
		// No stock: staff deliver it by hand.
		await moveDelivery(db, await payByTransfer(db, (await orderRow(db, orderNumber))!), 'completed', 'Code typed by staff: HAND-TYPED-4Q2Z')
		const page = async (path = '/order-status') => (await (await fetch(`${shop.url}${path}?internalOrderId=${encodeURIComponent(orderNumber)}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, '')
		const chat = `?text=${encodeURIComponent(`Hello, what you sent me by hand for order ${orderNumber} doesn’t work.`)}`
		// Hidden until revealed: nothing to report yet.
		expect(await page()).not.toContain('data-testid="hand-report"')
		const reveal = await fetch(`${shop.url}/api/order/reveal`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify({ orderNumber, unitId: 'hand' }) })
		expect(reveal.status).toBe(200)
		const shown = await page()
		expect(shown).toContain('HAND-TYPED-4Q2Z')
		expect(shown).toContain('data-testid="hand-report"')
		expect(shown).toContain('Doesn’t work? Tell us on WhatsApp')
		expect(shown.replace(/&amp;/g, '&')).toContain(chat)
		expect(shown).not.toContain('/claim?unit=')
		expect(await page('/ur/order-status')).toContain('کام نہیں کر رہا؟ ہمیں واٹس ایپ پر بتائیں')
		// Past the product's 7 days from delivery: the way is gone, as a claim's would be.
		moveClockForTests(8 * 24 * 3600 * 1000)
		expect(await page()).not.toContain('data-testid="hand-report"')
	})

	it('refuses hostile claims with a 4xx and a sentence, then takes one claim and answers the same claim again', async () => {
		const { orderNumber, cookie, unitId, html } = await deliveredOrder('HTTP')
		// The order page offers the claim beside the unit.
		expect(html).toContain('This code doesn’t work')
		expect(html).toContain(`/order-status/${orderNumber}/claim?unit=${unitId}`)

		const cases: [string, Promise<Response>, number, string][] = [
			['no access', post(claimFields(orderNumber, unitId)), 404, 'Order not found'],
			['not an image', post(claimFields(orderNumber, unitId, 'Broken', image(new TextEncoder().encode('%PDF-1.7'), 'image/png')), { cookie }), 400, 'The screenshot must be an image (PNG, JPG, WebP or HEIC).'],
			['no file', post(claimFields(orderNumber, unitId).slice(0, 3), { cookie }), 400, 'Please add a screenshot of what you see.'],
			['too large', post(claimFields(orderNumber, unitId, 'Big', image(new Uint8Array(Buffer.concat([png(), new Uint8Array(10.5 * MB).fill(7)])))), { cookie }), 413, 'Your screenshot is larger than 10 MB. Please upload a smaller one.'],
			['unit past the integer range', post(claimFields(orderNumber, '2147483648'), { cookie }), 404, 'That item is not one of this order’s any more'],
			['unit past 64 bits', post(claimFields(orderNumber, '9223372036854775808'), { cookie }), 404, 'That item is not one of this order’s any more'],
			['a negative unit', post(claimFields(orderNumber, '-1'), { cookie }), 404, 'That item is not one of this order’s any more'],
			['NUL in the order number', post(claimFields(`${orderNumber}\u0000`, unitId), { cookie }), 400, ''],
			['NUL in the text', post(claimFields(orderNumber, unitId, 'bad\u0000text'), { cookie }), 400, ''],
			['text too long', post(claimFields(orderNumber, unitId, 'x'.repeat(5000)), { cookie }), 400, 'Please keep it to 1000 characters.'],
			['fields after the file', post([['screenshot', image()], ...claimFields(orderNumber, unitId).slice(0, 3)], { cookie }), 400, ''],
		]
		for (const [label, sent, status, sentence] of cases) {
			const res = await sent
			expect(res.status, label).toBe(status)
			const error = await errorOf(res)
			expect(error.length, label).toBeGreaterThan(10)
			expect(error, label).toContain(sentence)
		}
		const wrongType = await fetch(`${shop.url}/api/order/claims`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: '{}' })
		expect(wrongType.status).toBe(415)

		const first = await post(claimFields(orderNumber, unitId), { cookie })
		expect(first.status).toBe(201)
		const made = (await first.json()) as { claim: { id: number; status: string; created: boolean } }
		expect(made.claim).toMatchObject({ status: 'open', created: true })
		const again = await post(claimFields(orderNumber, unitId), { cookie })
		expect(again.status).toBe(200)
		expect(((await again.json()) as typeof made).claim).toMatchObject({ id: made.claim.id, created: false })
		// A plain form (no scripts) goes back to the order page, which shows the claim's state.
		const plain = await post(claimFields(orderNumber, unitId), { cookie, accept: 'text/html' })
		expect(plain.status).toBe(303)
		expect(plain.headers.get('location')).toBe(`/order-status?internalOrderId=${encodeURIComponent(orderNumber)}&claim=already`)
		const page = await (await fetch(`${shop.url}/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`, { headers: { Cookie: cookie } })).text()
		expect(page).toMatch(/You reported this on .*: our team is looking at it\./)

		// The screenshot is for staff only.
		const screenshot = await fetch(`${shop.url}/admin/claims/${made.claim.id}/screenshot`, { headers: { Cookie: cookie } })
		expect([302, 401, 403]).toContain(screenshot.status)
		expect(screenshot.headers.get('content-type') ?? '').not.toMatch(/^image\//)
	})

	it('shows the claim page to the order’s buyer only, in English and in Urdu, and sends a refused plain form back to it', async () => {
		const { orderNumber, cookie, unitId } = await deliveredOrder('PAGE')
		const path = `/order-status/${encodeURIComponent(orderNumber)}/claim?unit=${unitId}`
		expect((await fetch(`${shop.url}${path}`)).status).toBe(404)
		const en = await fetch(`${shop.url}${path}`, { headers: { Cookie: cookie } })
		expect(en.status).toBe(200)
		const enHtml = await en.text()
		expect(enHtml).toContain('This doesn’t work')
		expect(enHtml).toContain('action="/api/order/claims"')
		expect(enHtml).toMatch(/enctype="multipart\/form-data"/i)
		const ur = await (await fetch(`${shop.url}/ur${path}`, { headers: { Cookie: cookie } })).text()
		expect(ur).toContain('یہ کام نہیں کر رہا')
		expect(ur).toContain('name="lang" value="ur"')
		// Not an image, sent from the Urdu page without scripts: back to it, said in Urdu.
		const refused = await post([['lang', 'ur'], ...claimFields(orderNumber, unitId, 'Broken', image(new TextEncoder().encode('%PDF-1.7 no'), 'image/png'))], { cookie, accept: 'text/html' })
		expect(refused.status).toBe(303)
		expect(refused.headers.get('location')).toBe(`/ur${path}&result=not-image`)
		const back = await (await fetch(`${shop.url}${refused.headers.get('location')}`, { headers: { Cookie: cookie } })).text()
		expect(back).toContain('اسکرین شاٹ ایک تصویر ہونی چاہیے')
	})

	it('lets staff list open claims, open the screenshot and answer with a replacement through the console API', async () => {
		const { orderNumber, cookie, unitId } = await deliveredOrder('API')
		expect((await post(claimFields(orderNumber, unitId), { cookie })).status).toBe(201)
		await createStaff(db, { email: 'amna@example.pk', name: 'Amna', role: 'owner', password: 'owner-password-9' })
		const staff = await signInOverHttp(shop.url, 'amna@example.pk', 'owner-password-9', '198.51.100.77')
		const call = (method: string, path: string, body?: unknown) =>
			fetch(`${shop.url}${path}`, { method, headers: { Cookie: staff, Origin: shop.url, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
		expect((await fetch(`${shop.url}/api/admin/claims`)).status).toBe(401)
		const list = (await (await call('GET', '/api/admin/claims?status=open')).json()) as { open: number; claims: { id: number; orderNumber: string; screenshotUrl: string }[] }
		// Open ones, oldest first: this one (the earlier tests' claims are still open) is the last.
		expect(list.open).toBe(list.claims.length)
		const queued = list.claims.at(-1)
		expect(queued).toMatchObject({ orderNumber })
		const shot = await call('GET', queued!.screenshotUrl)
		expect(shot.status).toBe(200)
		expect(shot.headers.get('content-type')).toBe('image/png')
		expect((await call('GET', '/api/admin/claims?status=maybe')).status).toBe(400)
		expect((await call('POST', `/api/admin/claims/${queued!.id}/answer`, { answer: 'credit' })).status).toBe(400)
		expect((await call('POST', '/api/admin/claims/2147483648/answer', { answer: 'refuse', reason: 'x' })).status).toBe(400)
		expect((await call('POST', '/api/admin/claims/2147483647/answer', { answer: 'refuse', reason: 'x' })).status).toBe(404)
		const answered = await call('POST', `/api/admin/claims/${queued!.id}/answer`, { answer: 'replace' })
		expect(answered.status).toBe(200)
		expect(await answered.json()).toMatchObject({ id: queued!.id, answer: 'replace', orderNumber, unitId: expect.any(Number) })
		expect((await call('POST', `/api/admin/claims/${queued!.id}/answer`, { answer: 'replace' })).status).toBe(409)
		// The replacement waits behind its own Reveal, as every delivered code does: the buyer taps it.
		const held = (await orderStockUnits(db, (await orderRow(db, orderNumber))!.id)).find((u) => u.replacedAt == null)
		const revealNew = await fetch(`${shop.url}/api/order/reveal`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify({ orderNumber, unitId: held!.assignmentId }) })
		expect(revealNew.status).toBe(200)
		const page = await (await fetch(`${shop.url}/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`, { headers: { Cookie: cookie } })).text()
		expect(page).toContain('API-0002-XQ7K')
		expect(page).toContain('Replaced: the new one is above.')
	})
})
