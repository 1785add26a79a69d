// The Reveal over HTTP (ADR-050), on PGlite and PostgreSQL, against the real server: only whoever may
// see the order in full (its token's cookie, or the buyer signed in) reveals a unit, anyone else is told
// the order is not found; a unit id that names nothing of the order is a 404 with a sentence, one that is
// not an id a 400. The owner's evidence of the order (JSON, and the same as a PDF) lists its payment,
// its units masked, its emails and each reveal with the client's hashes, never a code in full, and
// where the order was placed from (the checkout's address and device, hashed the same way); other
// staff are refused.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { clientHash } from '../../app/domain/orders/unit-reveals.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import type { RunningShop } from '../../server/start'
import { cardInStock, paidFromStock } from '../setup/orders'
import { checkoutOverHttp } from '../setup/payments'
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
		const { row, unitId, cookie } = await paidFromStock(db, await cardInStock(db, ['EVID-CODE-7K2Q']), { email: 'sara@example.pk', note: 'Evidence' })
		return { orderNumber: row.orderNumber, cookie, unitId }
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
	it('the evidence says where the order was placed from: the checkout’s address and device as keyed-hash prefixes, never the address itself', async () => {
		const card = await cardInStock(db, ['FROM-CODE-1111', 'FROM-CODE-2222'])
		const line = [{ id: card.productId, quantity: 1, variantId: card.variantId }]
		const placedFrom = async (address: string, device: string) => {
			const answer = await checkoutOverHttp(shop.url, line, { 'X-Forwarded-For': address, 'User-Agent': device })
			expect(answer.status).toBe(201)
			return ((await answer.json()) as { orderNumber: string }).orderNumber
		}
		const first = await placedFrom('198.51.100.40', 'PlacingPhone/2')
		const second = await placedFrom('198.51.100.41', 'OtherPhone/5')
		await createStaff(db, { email: 'owner-placed@example.pk', name: 'Owner', role: 'owner', password: 'evidence-password-3' })
		const ownerCookie = await signInOverHttp(shop.url, 'owner-placed@example.pk', 'evidence-password-3', '198.51.100.73')
		const evidenceOf = async (orderNumber: string) => {
			const answer = await fetch(`${shop.url}/api/admin/orders/${orderNumber}/evidence`, { headers: { Cookie: ownerCookie } })
			expect(answer.status).toBe(200)
			const text = await answer.text()
			expect(text).not.toContain('198.51.100.4')
			expect(text).not.toContain('Phone/')
			return JSON.parse(text) as { placed: { addressHash: string | null; deviceHash: string | null } }
		}
		// The same keyed hash as a reveal from that place would carry: a dispute can tell "placed and revealed from here" apart.
		expect((await evidenceOf(first)).placed).toMatchObject({ addressHash: clientHash('address', '198.51.100.40')!.slice(0, 12), deviceHash: clientHash('device', 'PlacingPhone/2')!.slice(0, 12) })
		const other = (await evidenceOf(second)).placed
		expect(other.addressHash).toMatch(/^[0-9a-f]{12}$/)
		expect(other.addressHash).not.toBe(clientHash('address', '198.51.100.40')!.slice(0, 12))
		expect(other.deviceHash).toBe(clientHash('device', 'OtherPhone/5')!.slice(0, 12))
	})
})
