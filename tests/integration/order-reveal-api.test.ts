// The Reveal over HTTP (ADR-050), on PGlite and PostgreSQL, against the real server: only whoever may
// see the order in full (its token's cookie, or the buyer signed in) reveals a unit, anyone else is told
// the order is not found; a unit id that names nothing of the order is a 404 with a sentence, one that is
// not an id a 400. The owner's evidence of the order (JSON, and the same as a PDF) lists its payment,
// its units masked, its emails and each reveal with the client's hashes, never a code in full; other
// staff are refused.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { stockAssignments } from '../../app/db/schema'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import type { RunningShop } from '../../server/start'
import { owner, payByTransfer } from '../setup/orders'
import { checkoutBody, placeOrder } from '../setup/payments'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

describe.each(databaseKinds)('revealing a unit over HTTP, and the order’s evidence, on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	const testShop = useTestShop(kind, 'reveal_api', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false', TRUST_PROXY: 'true' }, { emptiedAfterEach: true })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
	}, 120_000)

	async function paidOrder() {
		const product = await createProduct(
			db,
			owner,
			createProductInput.parse({ name: 'Steam Card', platform: 'pc', kind: 'gift_card', description: 'Delivered on the order page.', variants: [{ label: '$10 USD', value: 10, price: 3300 }] }),
		)
		await importStock(db, owner, product.id, { variantId: product.variants[0]!.id, kind: 'code', units: [{ code: 'EVID-CODE-7K2Q' }] })
		const placed = await placeOrder(db, checkoutBody([{ id: product.id, quantity: 1, variantId: product.variants[0]!.id }], { paymentMethod: 'manual', customerEmail: 'sara@example.pk', customerName: 'Sara Ahmed' }))
		const row = await payByTransfer(db, placed, 'Evidence')
		const [held] = await db.select({ id: stockAssignments.id }).from(stockAssignments).where(eq(stockAssignments.orderId, row.id))
		return { orderNumber: row.orderNumber, cookie: `oa_${row.orderNumber}=${row.accessToken}`, unitId: held!.id }
	}
	const reveal = (body: unknown, headers: Record<string, string> = {}) =>
		fetch(`${shop.url}/api/order/reveal`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.23', 'User-Agent': 'EvidencePhone/1', ...headers }, body: JSON.stringify(body) })

	it('a stranger without the order’s access is told it is not found; a wrong unit is a 404, a bad one a 400; the holder gets the code', async () => {
		const order = await paidOrder()
		const stranger = await reveal({ orderNumber: order.orderNumber, unitId: order.unitId })
		expect(stranger.status).toBe(404)
		expect(await stranger.json()).toEqual({ error: 'Order not found' })
		const wrongToken = await reveal({ orderNumber: order.orderNumber, unitId: order.unitId }, { Cookie: `oa_${order.orderNumber}=not-the-token` })
		expect(wrongToken.status).toBe(404)

		const notHeld = await reveal({ orderNumber: order.orderNumber, unitId: order.unitId + 1000 }, { Cookie: order.cookie })
		expect(notHeld.status).toBe(404)
		expect((await notHeld.json()).error).toMatch(/not one this order holds/)
		const hand = await reveal({ orderNumber: order.orderNumber, unitId: 'hand' }, { Cookie: order.cookie })
		expect(hand.status).toBe(404)
		const bad = await reveal({ orderNumber: order.orderNumber, unitId: '1; drop table orders' }, { Cookie: order.cookie })
		expect(bad.status).toBe(400)
		expect((await bad.json()).error).toMatch(/Name the unit to reveal/)

		const shown = await reveal({ orderNumber: order.orderNumber, unitId: order.unitId }, { Cookie: order.cookie })
		expect(shown.status).toBe(200)
		expect(await shown.json()).toEqual({ unitId: order.unitId, unit: { id: order.unitId, kind: 'code', code: 'EVID-CODE-7K2Q' } })
	})

	it('the owner’s evidence lists payment, masked units, emails and reveals, as JSON and as a PDF; other staff are refused', async () => {
		const order = await paidOrder()
		expect((await reveal({ orderNumber: order.orderNumber, unitId: order.unitId }, { Cookie: order.cookie })).status).toBe(200)
		await createStaff(db, { email: 'owner-evidence@example.pk', name: 'Owner', role: 'owner', password: 'evidence-password-1' })
		await createStaff(db, { email: 'clerk-evidence@example.pk', name: 'Clerk', role: 'staff', password: 'evidence-password-2' })
		const ownerCookie = await signInOverHttp(shop.url, 'owner-evidence@example.pk', 'evidence-password-1', '198.51.100.71')
		const clerkCookie = await signInOverHttp(shop.url, 'clerk-evidence@example.pk', 'evidence-password-2', '198.51.100.72')
		const url = `${shop.url}/api/admin/orders/${order.orderNumber}/evidence`

		const answer = await fetch(url, { headers: { Cookie: ownerCookie } })
		expect(answer.status).toBe(200)
		const text = await answer.text()
		expect(text).not.toContain('EVID-CODE-7K2Q')
		const evidence = JSON.parse(text)
		expect(evidence).toMatchObject({
			orderNumber: order.orderNumber,
			placed: { total: 3300, customerEmail: 'sara@example.pk' },
			paid: { status: 'paid', method: 'manual', at: expect.any(String) },
			delivered: { status: 'completed', units: [{ unitId: order.unitId, kind: 'code', masked: '•••• 7K2Q' }] },
			reveals: [{ unitId: order.unitId, first: true, view: 'api', by: 'buyer', addressHash: expect.stringMatching(/^[0-9a-f]{12}$/), deviceHash: expect.stringMatching(/^[0-9a-f]{12}$/) }],
		})
		expect(evidence.emails.length).toBeGreaterThan(0)
		expect(evidence.emails[0]).toMatchObject({ to: 'sara@example.pk', subject: expect.stringContaining(order.orderNumber) })

		const pdf = await fetch(`${url}?format=pdf`, { headers: { Cookie: ownerCookie } })
		expect(pdf.status).toBe(200)
		expect(pdf.headers.get('content-type')).toBe('application/pdf')
		const bytes = Buffer.from(await pdf.arrayBuffer())
		expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
		expect(bytes.includes(Buffer.from('EVID-CODE-7K2Q'))).toBe(false)

		const refused = await fetch(url, { headers: { Cookie: clerkCookie } })
		expect(refused.status).toBe(403)
		const badFormat = await fetch(`${url}?format=docx`, { headers: { Cookie: ownerCookie } })
		expect(badFormat.status).toBe(400)
	})
})
