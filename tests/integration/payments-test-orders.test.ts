// Test payments in production: a deployed shop (NODE_ENV=production) with no PayPro account connected takes payments on the
// built-in simulator, where no money moves. Such an order is marked as a test order (console list and
// page, CSV, left out of the leaderboard and of verified purchases) and takes nothing from stock until
// staff approve it; the buyer's page says so. Outside production the simulator delivers as before.
//
// The shop is a real server on a real database; its configuration is switched to production's once it
// listens (a production start needs a build, which the unit tests run before), so every payment path
// below (the simulator's page, its callback, the PayPro status check) runs as on a deployed server.
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, stockAssignments, stockUnits } from '../../app/db/schema'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { topBuyers } from '../../app/domain/leaderboard/top-buyers.server'
import { approveTestOrder, TEST_ORDER_MESSAGES } from '../../app/domain/payments/approve-test-order.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { resetPayproClient, simulatorPaymentsAreTests } from '../../app/integrations/paypro/paypro.server'
import { env, useEnv, type Env } from '../../app/utils/env.server'
import type { RunningShop } from '../../server/start'
import { checkoutBody, orderRow } from '../setup/payments'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const OWNER = { email: 'owner@example.pk', password: 'test-orders-owner-password' }
const owner: Actor = { staffId: null, label: OWNER.email }

describe.each(databaseKinds)('test payments in production on %s', (kind) => {
	let shop: RunningShop
	const testShop = useTestShop(kind, 'test-orders', { TRUST_PROXY: 'true', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })
	let db: Db
	let development: Env
	let staffCookie: string
	let product: { id: number; variantId: number }

	/** The running shop as a deployed server on the simulator sees itself, or back as the test started it. */
	function runAs(mode: 'production' | 'development') {
		useEnv(mode === 'production' ? { ...development, NODE_ENV: 'production', DEPLOYED: true, PAYPRO_SIMULATOR: true, PUBLIC_URL: shop.url } : development)
		resetPayproClient()
	}

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
		development = env()
		const created = await createProduct(
			db,
			owner,
			createProductInput.parse({ name: 'PSN Card (stock, test orders)', platform: 'playstation', kind: 'gift_card', description: 'Delivered by email.', variants: [{ label: '$10 USD', value: 10, price: 3200 }] }),
		)
		product = { id: created.id, variantId: created.variants[0]!.id }
		await importStock(db, owner, product.id, { variantId: product.variantId, kind: 'code', units: [{ code: 'REAL-CODE-0001' }, { code: 'REAL-CODE-0002' }, { code: 'REAL-CODE-0003' }] })
		staffCookie = await signInOverHttp(shop.url, OWNER.email, OWNER.password, '198.51.100.90')
	})


	/** A buyer checks out one code over HTTP and pays on the simulator's page; answers the order number and the buyer's cookie. */
	async function buyAndPayOnSimulator(email: string) {
		const res = await fetch(`${shop.url}/api/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: shop.url, 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 200) + 1}` },
			body: JSON.stringify(checkoutBody([{ id: product.id, quantity: 1, variantId: product.variantId }], { customerEmail: email })),
		})
		expect(res.status).toBe(200)
		const body = (await res.json()) as { orderNumber: string; paymentUrl: string }
		const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
		const paid = await fetch(body.paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' })
		expect(paid.status).toBe(303)
		return { orderNumber: body.orderNumber, cookie }
	}

	const buyerView = async (orderNumber: string, cookie: string) =>
		((await (await fetch(`${shop.url}/api/order?internalOrderId=${orderNumber}`, { headers: { cookie } })).json()) as { order: { status: string; testPaymentAwaitingStaff: boolean; deliveryContent?: unknown } }).order
	const unitsOf = async (orderNumber: string) => db.select().from(stockAssignments).where(eq(stockAssignments.orderNumber, orderNumber))
	const available = async () => (await db.select().from(stockUnits).where(and(eq(stockUnits.variantId, product.variantId), eq(stockUnits.status, 'available')))).length
	const asStaff = (path: string) => fetch(`${shop.url}${path}`, { headers: { cookie: staffCookie } })

	it('decides by the configuration: only production on the simulator takes test payments', () => {
		runAs('development')
		expect(simulatorPaymentsAreTests()).toBe(false)
		runAs('production')
		expect(simulatorPaymentsAreTests()).toBe(true)
		runAs('development')
	})

	it('marks a simulator payment in production as a test order that takes no stock, and tells the buyer it awaits staff', async () => {
		runAs('production')
		try {
			const before = await available()
			const { orderNumber, cookie } = await buyAndPayOnSimulator('tester@example.pk')
			const row = (await orderRow(db, orderNumber))!
			expect(row).toMatchObject({ paymentStatus: 'paid', testPayment: true, testApprovedAt: null, undeliveredUnits: 0, deliveryContent: null })
			expect(await unitsOf(orderNumber)).toEqual([])
			expect(await available()).toBe(before)

			// The buyer's page: paid, a test payment awaiting staff, nothing delivered.
			const view = await buyerView(orderNumber, cookie)
			expect(view).toMatchObject({ status: 'completed', testPaymentAwaitingStaff: true, deliveryContent: null })
			const page = await (await fetch(`${shop.url}/order-status?internalOrderId=${orderNumber}`, { headers: { cookie } })).text()
			expect(page).toContain('This was a test payment: no money moved.')

			// Staff: a badge in the list and on the order, the approve button, a CSV column; left out of the leaderboard.
			const list = await (await asStaff(`/admin-dashboard?q=${orderNumber}`)).text()
			expect(list).toContain('Test payment')
			const detail = await (await asStaff(`/admin/orders/${orderNumber}`)).text()
			expect(detail).toContain('Test payment')
			expect(detail).toContain('Approve test order')
			const csv = await (await asStaff('/admin/orders.csv')).text()
			expect(csv.split('\r\n')[0]).toContain('"Test payment"')
			expect(csv.split('\r\n').find((line) => line.includes(orderNumber))).toContain('"yes, awaiting approval"')
			expect((await topBuyers(db)).map((r) => r.name)).not.toContain('Ali K.')

			// Staff approve it: only now does it take a code from stock, once, audited; the buyer's page shows it.
			const approved = await fetch(`${shop.url}/admin/orders/${orderNumber}`, {
				method: 'POST',
				redirect: 'manual',
				headers: { cookie: staffCookie, Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ intent: 'approve-test' }),
			})
			expect(approved.status).toBeLessThan(400)
			expect(await unitsOf(orderNumber)).toHaveLength(1)
			expect(await available()).toBe(before - 1)
			const after = await buyerView(orderNumber, cookie)
			expect(after.testPaymentAwaitingStaff).toBe(false)
			// Delivered, hidden behind its Reveal until the buyer taps it (ADR-050).
			expect(JSON.stringify(after.deliveryContent)).toMatch(/"kind":"hidden","of":"code"/)
			expect(JSON.stringify(after.deliveryContent)).not.toContain('REAL-CODE-000')
			expect((await orderRow(db, orderNumber))!.deliveryStatus).toBe('completed')
			const audit = await db.select().from(auditLog).where(and(eq(auditLog.orderNumber, orderNumber), eq(auditLog.action, 'order.approve_test'))).orderBy(auditLog.id)
			expect(audit).toHaveLength(1)
			expect((await asStaff('/admin/orders.csv').then((r) => r.text())).split('\r\n').find((line) => line.includes(orderNumber))).toContain('"yes, approved"')
			await expect(approveTestOrder(db, owner, orderNumber)).rejects.toThrow(TEST_ORDER_MESSAGES.approved)
			expect(await unitsOf(orderNumber)).toHaveLength(1)
		} finally {
			runAs('development')
		}
	})

	it('refuses to approve an order that was not a test payment', async () => {
		runAs('development')
		const { orderNumber } = await buyAndPayOnSimulator('demo@example.pk')
		await expect(approveTestOrder(db, owner, orderNumber)).rejects.toThrow(TEST_ORDER_MESSAGES.notTest)
	})

	it('keeps automatic delivery outside production, so the demo works', async () => {
		runAs('development')
		const before = await available()
		const { orderNumber, cookie } = await buyAndPayOnSimulator('demo2@example.pk')
		expect((await orderRow(db, orderNumber))!).toMatchObject({ paymentStatus: 'paid', testPayment: false })
		expect(await unitsOf(orderNumber)).toHaveLength(1)
		expect(await available()).toBe(before - 1)
		expect((await buyerView(orderNumber, cookie)).testPaymentAwaitingStaff).toBe(false)
	})
})
