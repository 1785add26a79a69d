// Customers (issue 24): every buyer by their email in any spelling, with the phones they used, what
// they spent (paid orders net of refunds, a test payment left out), refunds, first and last order and
// the subscriptions still running; found by another spelling of their email or phone; sorted by spend
// and by last order. Staff add and delete notes (audited) and the owner blocks a buyer from their page.
// Over HTTP (the console API and the console's page), on every database.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, blockedBuyers } from '../../app/db/schema'
import { customerSearch, type CustomerDetail, type CustomerList } from '../../app/domain/customers/customers'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { addCalendarMonths } from '../../app/domain/orders/renewal'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import type { Order } from '../../app/domain/orders/order'
import { addressAsOnceStored, backdateOrders, moveDelivery, payByProvider } from '../setup/orders'
import { checkoutBody, giftCard10, placeOrder } from '../setup/payments'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

const pcGamePass = { id: 10, quantity: 1, selectedDuration: { label: '1 Month', months: 1 } }
const OWNER = { email: 'owner@example.pk', password: 'customers-owner-password' }

describe('a search reads a phone number as checkout keeps it', () => {
	it.each([
		['+92 321-7654321', '03217654321', null],
		['0321 7654321', '03217654321', null],
		['923217654321', '03217654321', null],
		['765-4321', null, '7654321'],
		['Sara@Example.PK ', null, null],
	] as const)('%j: phone %j, digits %j', (q, phone, digits) => {
		expect(customerSearch(q).phone).toBe(phone)
		expect(customerSearch(q).digits).toBe(digits)
	})
})

describe.each(databaseKinds)('customers on %s', (kind) => {
	let db: Db
	let key: string
	let staffCookie: string
	let ownerCookie: string
	const testShop = useTestShop(kind, 'customers', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', CHECKOUT_RATE_LIMIT: '1000', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	// The seeded history: Sara orders five times with two spellings of her email and two phones (one
	// refund, one test payment, one unpaid order, one Game Pass month delivered today); Bilal once, last.
	const sara = { spent: 0, refunded: 1200, subscriptionEnds: '', orderNumbers: [] as string[] }
	let bilalTotal = 0

	beforeAll(async () => {
		db = testShop.db
		key = (await createApiKey(db, 'Sheet', null, { scopes: ['customers'] })).key
		await createStaff(db, { email: 'helper@example.pk', name: 'Helper', role: 'staff', password: 'helper-password-1' })
		staffCookie = await signInOverHttp(testShop.url, 'helper@example.pk', 'helper-password-1', '198.51.100.31')
		ownerCookie = await signInOverHttp(testShop.url, OWNER.email, OWNER.password, '198.51.100.32')

		const day = (n: number) => new Date(Date.UTC(2026, 9, n, 6))
		/** Paid at PayPro (a test payment on its simulator) on that day. */
		const paid = async (order: Order, createdAt: Date, { testPayment = false } = {}) => {
			await payByProvider(db, order, { testPayment })
			await backdateOrders(db, order.orderNumber, { paidAt: createdAt, createdAt })
		}

		const first = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'Sara@Example.pk', customerName: 'Sara Ahmed', customerMobile: '0300 1234567' }))
		await paid(first, day(1))
		const delivered = new Date()
		const gamePass = await placeOrder(db, checkoutBody([pcGamePass], { customerEmail: 'sara@example.pk', customerName: 'Sara Ahmed', customerMobile: '+92 321-7654321' }))
		await paid(gamePass, day(2))
		await moveDelivery(db, gamePass, 'delivered')
		await backdateOrders(db, gamePass.orderNumber, { deliveredAt: delivered })
		// An older spelling kept as typed (before checkout trimmed and lowered addresses).
		await addressAsOnceStored(db, gamePass.orderNumber, '  SARA@example.PK ')
		const refunded = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'sara@example.pk', customerName: 'Sara Ahmed' }))
		await paid(refunded, day(3))
		await refundOrder(db, { staffId: null, label: OWNER.email }, refunded.orderNumber, { amount: 1200, method: 'bank', reason: 'Price dropped', units: 'void' })
		const test = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'sara@example.pk', customerName: 'Sara Ahmed' }))
		await paid(test, day(4), { testPayment: true })
		const unpaid = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'sara@example.pk', customerName: 'Sara A.' }))
		await backdateOrders(db, unpaid.orderNumber, { createdAt: day(5) })
		sara.spent = first.totalAmount + gamePass.totalAmount + refunded.totalAmount - 1200
		sara.subscriptionEnds = addCalendarMonths(delivered, 1).toISOString()
		sara.orderNumbers = [unpaid, test, refunded, gamePass, first].map((o) => o.orderNumber)

		const bilal = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'bilal@example.pk', customerName: 'Bilal Khan', customerMobile: '0333 5556667' }))
		await paid(bilal, day(9))
		bilalTotal = bilal.totalAmount
	})

	const api = (path: string, headers: Record<string, string> = { 'X-ADMIN-KEY': key }) => fetch(`${testShop.url}${path}`, { headers })
	const list = async (query = '') => {
		const res = await api(`/api/admin/customers${query}`)
		expect(res.status).toBe(200)
		return (await res.json()) as CustomerList
	}
	const sentence = async (res: Response) => ((await res.json()) as { error: string }).error
	const page = (path: string, cookie: string, form?: Record<string, string>) =>
		fetch(`${testShop.url}${path}`, {
			method: form ? 'POST' : 'GET',
			redirect: 'manual',
			headers: { Cookie: cookie, Origin: testShop.url, ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
			body: form ? new URLSearchParams(form) : undefined,
		})
	const detailOf = async (id: number) => (await (await api(`/api/admin/customers/${id}`)).json()) as CustomerDetail

	it('counts each buyer once whatever the spelling: phones, orders, spend net of refunds without the test payment, refunds, first and last order, the running Game Pass month', async () => {
		const { customers, total } = await list()
		expect(total).toBe(2)
		const found = customers.find((c) => c.email === 'sara@example.pk')!
		expect(found).toMatchObject({
			name: 'Sara A.',
			phones: ['03001234567', '03217654321'],
			orders: 5,
			paidOrders: 3,
			totalSpent: sara.spent,
			refunds: 1200,
			firstOrderAt: new Date(Date.UTC(2026, 9, 1, 6)).toISOString(),
			lastOrderAt: new Date(Date.UTC(2026, 9, 5, 6)).toISOString(),
		})
		expect(found.subscriptions).toEqual([{ orderNumber: sara.orderNumbers[3], product: expect.stringContaining('1 Month'), endsAt: sara.subscriptionEnds }])
		expect(customers.find((c) => c.email === 'bilal@example.pk')).toMatchObject({ orders: 1, paidOrders: 1, totalSpent: bilalTotal, refunds: 0, phones: ['03335556667'], subscriptions: [] })
	})

	it('sorts by spend (the default) and by last order', async () => {
		expect(sara.spent).toBeGreaterThan(bilalTotal)
		expect((await list()).customers.map((c) => c.email)).toEqual(['sara@example.pk', 'bilal@example.pk'])
		expect((await list('?sort=spend')).customers.map((c) => c.email)).toEqual(['sara@example.pk', 'bilal@example.pk'])
		expect((await list('?sort=last')).customers.map((c) => c.email)).toEqual(['bilal@example.pk', 'sara@example.pk'])
	})

	it('finds a buyer by another spelling of their email, by their name, by a phone in any spelling or by part of its digits', async () => {
		for (const q of ['  SARA@Example.PK', 'sara@', 'Sara Ahmed', '+92 321-7654321', '0300-1234567', '7654321']) {
			const found = await list(`?q=${encodeURIComponent(q)}`)
			expect(found.customers.map((c) => c.email), q).toEqual(['sara@example.pk'])
			// Every order of theirs counts, not only the ones the search matched.
			expect(found.customers[0]!.orders, q).toBe(5)
		}
		expect((await list(`?q=${encodeURIComponent('0333 555 6667')}`)).customers.map((c) => c.email)).toEqual(['bilal@example.pk'])
		expect(await list('?q=nobody%25here')).toMatchObject({ customers: [], total: 0 })
	})

	it('refuses a query it cannot read with a sentence, and a key without the customers scope', async () => {
		const bad = await api('/api/admin/customers?sort=cheapest')
		expect(bad.status).toBe(400)
		expect(await sentence(bad)).toMatch(/Sort by spend or by last order/)
		const far = await api('/api/admin/customers?page=100000')
		expect(far.status).toBe(400)
		expect(await sentence(far)).toMatch(/Choose a page from 1 to/)
		const nul = await api('/api/admin/customers?q=a%00b')
		expect(nul.status).toBe(400)
		const unknown = await api('/api/admin/customers/2147483647')
		expect(unknown.status).toBe(404)
		expect(await sentence(unknown)).toBe('There is no customer with that number.')
		const other = (await createApiKey(db, 'Blocklist only', null, { scopes: ['blocklist'] })).key
		const refused = await api('/api/admin/customers', { 'X-ADMIN-KEY': other })
		expect(refused.status).toBe(403)
		expect(await sentence(refused)).toMatch(/customers/)
		expect((await api('/api/admin/customers', {})).status).toBe(401)
	})

	it('a buyer’s page lists their orders with links; staff add and delete a note (audited); the owner blocks their phone and sees why', async () => {
		const sarah = (await list('?q=sara')).customers[0]!
		const detail = await detailOf(sarah.id)
		expect(detail.orders.map((o) => o.orderNumber)).toEqual(sara.orderNumbers)
		expect(detail.blocks).toEqual([])

		const html = await (await page(`/admin/customers/${sarah.id}`, staffCookie)).text()
		for (const n of sara.orderNumbers) expect(html).toContain(`href="/admin/orders/${n}"`)
		expect(html).not.toContain('Why (staff read it)')

		const empty = await page(`/admin/customers/${sarah.id}`, staffCookie, { intent: 'note', body: '\u200B ' })
		expect(empty.status).toBe(400)
		const added = await page(`/admin/customers/${sarah.id}`, staffCookie, { intent: 'note', body: 'Prefers WhatsApp after 6 pm' })
		expect(added.status).toBe(200)
		const [note] = (await detailOf(sarah.id)).notes
		expect(note).toMatchObject({ body: 'Prefers WhatsApp after 6 pm', staff: 'helper@example.pk' })

		// Only the owner blocks (the blocklist is theirs), and only this buyer's own email or phones.
		const staffBlock = await page(`/admin/customers/${sarah.id}`, staffCookie, { intent: 'block', target: 'phone:03217654321', note: 'Chargeback' })
		expect(staffBlock.status).toBe(403)
		const stranger = await page(`/admin/customers/${sarah.id}`, ownerCookie, { intent: 'block', target: 'phone:03335556667' })
		expect(stranger.status).toBe(400)
		const blocked = await page(`/admin/customers/${sarah.id}`, ownerCookie, { intent: 'block', target: 'phone:03217654321', note: 'Chargeback on GV order' })
		expect(blocked.status).toBe(200)
		expect(await db.select({ kind: blockedBuyers.kind, value: blockedBuyers.value }).from(blockedBuyers)).toEqual([{ kind: 'phone', value: '03217654321' }])
		const after = await detailOf(sarah.id)
		expect(after.blocks).toMatchObject([{ kind: 'phone', value: '03217654321', note: 'Chargeback on GV order' }])
		const ownerHtml = await (await page(`/admin/customers/${sarah.id}`, ownerCookie)).text()
		expect(ownerHtml).toContain('Why: Chargeback on GV order')

		const deleted = await page(`/admin/customers/${sarah.id}`, staffCookie, { intent: 'delete-note', noteId: String(note!.id) })
		expect(deleted.status).toBe(200)
		expect((await detailOf(sarah.id)).notes).toEqual([])
		const audit = await db.select({ action: auditLog.action, actor: auditLog.actor, target: auditLog.target }).from(auditLog).where(sql`${auditLog.action} like 'customer.%'`).orderBy(auditLog.id)
		expect(audit).toEqual([
			{ action: 'customer.note.add', actor: 'helper@example.pk', target: `customer ${sarah.id}` },
			{ action: 'customer.note.delete', actor: 'helper@example.pk', target: `customer ${sarah.id}` },
		])

		const unblocked = await page(`/admin/customers/${sarah.id}`, ownerCookie, { intent: 'unblock', blockId: String(after.blocks[0]!.id) })
		expect(unblocked.status).toBe(200)
		expect((await detailOf(sarah.id)).blocks).toEqual([])
	})

	it('the console list finds the buyer by phone, for any staff member; a bad sort is a 400 page with a sentence', async () => {
		const html = await (await page(`/admin/customers?q=${encodeURIComponent('0321 765 4321')}`, staffCookie)).text()
		expect(html).toContain('sara@example.pk')
		expect(html).not.toContain('bilal@example.pk')
		expect(html).toContain('0321 7654321')
		const bad = await page('/admin/customers?sort=cheapest', staffCookie)
		expect(bad.status).toBe(400)
		expect(await bad.text()).toContain('Sort by spend or by last order')
	})
})
