// What the people who run the shop see (ADR-056): GET /metrics in Prometheus' format to the holder of
// METRICS_TOKEN, counted by route (never by address: an order number is never a label), and the id
// of each request in its answer's X-Request-Id and on the order events it wrote.
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderEvents, orders } from '../../app/db/schema'
import { orderTimeline } from '../../app/domain/orders/order-timeline.server'
import { SUPPLIER_SIMULATOR } from '../../app/integrations/kinguin/simulator.server'
import { moveClockForTests } from '../../app/utils/clock'
import { GAUGES_TTL_MS } from '../../server/metrics'
import { checkoutBody, nextTid, png } from '../setup/payments'
import { databaseKinds } from '../setup/test-db'
import { useTestShop } from '../setup/test-shop'

const TOKEN = 'metrics-token-for-the-test-0123456789'

describe.each(databaseKinds)('operations you can see on %s', (kind) => {
	const shop = useTestShop(kind, 'metrics', { METRICS_TOKEN: TOKEN, CHECKOUT_RATE_LIMIT: '1000' })
	const scrape = (authorization?: string) => fetch(`${shop.url}/metrics`, { headers: authorization ? { Authorization: authorization } : {} })
	/** The scrape's samples of one metric, as `{labels} value` lines. */
	const samples = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))

	it('answers Prometheus only to the token, and a wrong or missing one with 401 and a sentence', async () => {
		for (const wrong of [undefined, 'Bearer not-the-token', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, `Bearer ${TOKEN}x`, 'Bearer ']) {
			const res = await scrape(wrong)
			expect(res.status).toBe(401)
			expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
			expect(await res.text()).toContain('The metrics need the token set in METRICS_TOKEN')
		}
		const res = await scrape(`Bearer ${TOKEN}`)
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4')
		const text = await res.text()
		for (const name of ['nodejs_eventloop_lag_seconds', 'shop_db_connections_open', 'shop_jobs_waiting', 'shop_outbox_waiting', 'shop_outbox_failed', 'shop_orders_owing_delivery']) {
			expect(text).toContain(`# TYPE ${name} gauge`)
		}
		expect(samples(text, 'shop_db_connections_max')).toEqual([`shop_db_connections_max{driver="${kind}"} ${kind === 'pglite' ? 1 : 10}`])
	})

	it('counts a checkout and a receipt by their routes, never by order number, and ties the receipt’s event to its request', async () => {
		const checkout = await fetch(`${shop.url}/api/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'lb-checkout-00001' },
			body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual', customerName: 'Ali Khan' })),
		})
		expect(checkout.status).toBe(201)
		// A sane id from the proxy in front is kept.
		expect(checkout.headers.get('x-request-id')).toBe('lb-checkout-00001')
		const { orderNumber } = (await checkout.json()) as { orderNumber: string }
		const buyerCookie = (checkout.headers.get('set-cookie') ?? '').split(';')[0]!

		const form = new FormData()
		form.set('transactionId', nextTid())
		form.set('payerAccount', 'Ali Khan, Meezan Bank')
		form.set('receipt', new Blob([png()], { type: 'image/png' }), 'receipt.png')
		// An id no proxy should send (too long, with spaces) is replaced by one of the shop's.
		const receipt = await fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', headers: { Cookie: buyerCookie, 'X-Request-Id': `a b ${'x'.repeat(80)}` }, body: form })
		expect(receipt.status).toBe(200)
		const requestId = receipt.headers.get('x-request-id')
		expect(requestId).toMatch(/^[0-9a-f-]{36}$/)

		const [order] = await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber))
		const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id)).orderBy(asc(orderEvents.id))
		expect(events.map((e) => [e.kind, e.toState, e.requestId])).toEqual([['uploadReceipt', 'awaiting_confirmation', requestId]])
		// The console's timeline shows it beside the event (the order placed is no event of its own).
		expect((await orderTimeline(shop.db, { id: order!.id, createdAt: new Date() })).map((e) => [e.what, e.requestId])).toEqual([
			['Order placed', null],
			['Transfer receipt uploaded', requestId],
		])

		// Unknown addresses with the order number in them count under one label.
		for (const address of [`/no/such/page/${orderNumber}`, `/ur/no-such-page-${orderNumber}`]) {
			const notFound = await fetch(`${shop.url}${address}`)
			expect(notFound.status).toBe(404)
			await notFound.text()
		}

		// The demo's supplier simulator, asked for its catalogue as the shop's supplier client asks it
		// (whether it sells depends on the shop's settings; its label does not).
		const catalogue = await fetch(`${shop.url}${SUPPLIER_SIMULATOR.basePath}/v1/products?limit=1`, { headers: { 'X-Api-Key': SUPPLIER_SIMULATOR.apiKey } })
		await catalogue.text()

		moveClockForTests(GAUGES_TTL_MS + 1)
		const text = await (await scrape(`Bearer ${TOKEN}`)).text()
		expect(text).not.toContain(orderNumber)
		expect(text).not.toContain(orderNumber.replace(/[^A-Za-z0-9]/g, ''))
		expect(samples(text, 'shop_http_requests_total')).toEqual(
			expect.arrayContaining([
				'shop_http_requests_total{route="api-checkout",method="POST",status="201"} 1',
				'shop_http_requests_total{route="routes/api/order-receipt",method="POST",status="200"} 1',
				'shop_http_requests_total{route="unmatched",method="GET",status="404"} 2',
			]),
		)
		// The simulator counts under its own label, never as an unknown address.
		expect(text).toContain(`shop_http_requests_total{route="supplier simulator",method="GET",status="${catalogue.status}"}`)
		expect(text).not.toContain('route="unmatched",method="GET",status="200"')
		expect(text).toContain('shop_http_request_duration_seconds_bucket{le="0.005",route="api-checkout",method="POST"}')
		expect(samples(text, 'shop_orders')).toEqual(['shop_orders{payment_state="awaiting_confirmation",delivery_state="pending"} 1'])
		// The receipt queued the staff's alert and the buyer's email: they wait in their outboxes until a job sends them.
		expect(samples(text, 'shop_outbox_failed')).toEqual(['shop_outbox_failed{outbox="email"} 0', 'shop_outbox_failed{outbox="alert"} 0', 'shop_outbox_failed{outbox="push"} 0', 'shop_outbox_failed{outbox="whatsapp"} 0'])
	})

	it('reads the database once per few seconds however often it is scraped', async () => {
		const first = await (await scrape(`Bearer ${TOKEN}`)).text()
		const placed = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual' })) })
		expect(placed.status).toBe(201)
		const soon = await (await scrape(`Bearer ${TOKEN}`)).text()
		expect(samples(soon, 'shop_orders')).toEqual(samples(first, 'shop_orders'))
		moveClockForTests(GAUGES_TTL_MS + 1)
		const later = await (await scrape(`Bearer ${TOKEN}`)).text()
		expect(samples(later, 'shop_orders')).toContain('shop_orders{payment_state="awaiting_payment",delivery_state="pending"} 1')
	})

	it('is not there without a token, while every answer still names its request', async () => {
		await shop.start({})
		const res = await fetch(`${shop.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
		expect(res.status).toBe(404)
		expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
	})
})
