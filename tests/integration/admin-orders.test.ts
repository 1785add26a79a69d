// The staff order list and the admin update (spec §2 admin dashboard, §5 admin update, §7 calls 9
// and 10; product decisions 4, 6, 7, 8): search, filters, keyset pages, the update's rules, encryption at
// rest, the one "delivered" email, the audit trail, and the pages and API over HTTP.
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { emailOutbox, orders } from '../../app/db/schema'
import { updateOrderFulfillment } from '../../app/domain/fulfillment/update-order-fulfillment.server'
import { FEW_MATCHES, listOrders } from '../../app/domain/orders/list-orders.server'
import { orderCountSentence, parseOrderListQuery } from '../../app/domain/orders/order-list-query'
import { publicOrderView } from '../../app/domain/orders/view-order.server'
import { revealOrder } from '../../app/domain/orders/reveal-delivery.server'
import { orderHistory } from '../../app/domain/staff/audit.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { signIn } from '../../app/domain/staff/sign-in.server'
import { AppError } from '../../app/utils/app-error'
import { logger } from '../../app/utils/logger.server'
import { sendQueuedEmail } from '../../app/domain/email/send-queued-email.server'
import { logProvider } from '../../app/integrations/email/log.server'
import type { RunningShop } from '../../server/start'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { withLinesOf } from '../../app/domain/orders/order-lines.server'
import type { Order } from '../../app/domain/orders/order'
import { createDmOrder } from '../../app/domain/orders/create-dm-order.server'
import { dmOrderRequest } from '../../app/domain/orders/dm-order-input'
import { confirmPayproPayment } from '../../app/domain/payments/confirm-paypro-payment.server'
import { markDmOrderPaid } from '../../app/domain/payments/mark-dm-order-paid.server'
import { payOrderAgain } from '../../app/domain/payments/pay-order-again.server'
import { holdClaimFromCreation, startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import { useFakePayPro, type FakePayProFixture } from '../setup/fake-paypro'
import { backdateOrders, moveDelivery, owner, payByProvider, revealAllAsBuyer, sendReceipt } from '../setup/orders'
import { checkoutBody, giftCard10, orderRow, placeOrder } from '../setup/payments'

/** PC Game Pass, 1 Month. */
const pcGamePass = { id: 10, quantity: 1, selectedDuration: { label: '1 Month', months: 1 } }

let sequence = 0
/**
 * An order placed through checkout as a buyer places it (Ali Khan's $10 Xbox gift card unless told),
 * its number drawn at the moment `number` gives ([milliseconds, the number's last part]) when a test
 * needs one, and created `at` a moment in the past when given. Its states then come from the commands.
 */
async function placeAt(
	db: Db,
	{ number, name = 'Ali Khan', email, phone, product = giftCard10, method, at }: { number?: [number, number]; name?: string; email?: string; phone?: string; product?: unknown; method?: 'paypro' | 'manual'; at?: Date } = {},
) {
	sequence++
	const body = checkoutBody([product], { customerName: name, customerEmail: email ?? `buyer${sequence}@example.pk`, customerMobile: phone ?? `0300${String(1_000_000 + sequence).slice(-7)}`, ...(method ? { paymentMethod: method } : {}) })
	const drawn = number ? [vi.spyOn(Date, 'now').mockReturnValue(number[0]), vi.spyOn(Math, 'random').mockReturnValue((number[1] + 0.5) / 1000)] : []
	let order: Order
	try {
		order = await placeOrder(db, body)
	} finally {
		for (const spy of drawn) spy.mockRestore()
	}
	if (at) await backdateOrders(db, order.orderNumber, { createdAt: at })
	return (await orderRow(db, order.orderNumber))!
}

/** An order placed (see placeAt) and paid as PayPro reports a payment. */
async function paidOrder(db: Db, placing: Parameters<typeof placeAt>[1] = {}) {
	return payByProvider(db, await placeAt(db, placing))
}

/** An order staff took in a chat (the DM form), under the name the buyer gave there, as typed. */
async function dmOrder(db: Db, name: string) {
	const order = await createDmOrder(db, { apiKeyId: null, label: 'api key: test' }, dmOrderRequest.parse({ customer: { name, email: null, phone: null }, items: [{ id: 14 }], totalAmount: 3200 }))
	return (await orderRow(db, order.orderNumber))!
}

/** The number PayPro knows the order's newest attempt by (a new attempt has its own). */
const lastAttempt = (fake: FakePayProFixture['fake'], orderNumber: string) =>
	fake
		.calls('co')
		.map((call) => (call.body as [unknown, { OrderNumber: string }])[1].OrderNumber)
		.filter((number) => number.startsWith(orderNumber))
		.at(-1)!

/**
 * The order's PayPro attempts: the buyer opens PayPro's page (PayPro gives it the first id); for each
 * next id, PayPro reports the attempt failed and the buyer tries again online; `thenTransfer`: PayPro
 * reports the last one failed too and the buyer chooses a bank transfer instead. The ids are PayPro's.
 */
async function payproAttempts({ fake, paypro }: FakePayProFixture, db: Db, order: Order, ids: string[], { thenTransfer = false } = {}) {
	const failedThenAgain = async (method: 'paypro' | 'manual') => {
		fake.pay(lastAttempt(fake, order.orderNumber), { orderStatus: 'FAILED', amountPaid: 0 })
		await payOrderAgain(db, paypro, (await orderRow(db, order.orderNumber))!, method)
	}
	fake.nextIds(...ids)
	// This test placed the order, so it holds the claim checkout wrote with it: the first page is its to make,
	// as for the buyer's own checkout request (not a second request waiting for the claim to lapse).
	holdClaimFromCreation(order)
	await startPayproPayment(db, paypro, order)
	for (let i = 1; i < ids.length; i++) await failedThenAgain('paypro')
	if (thenTransfer) await failedThenAgain('manual')
	return (await orderRow(db, order.orderNumber))!
}

const at = (minutesAgo: number) => new Date(Date.UTC(2025, 0, 10, 12, 0, 0) - minutesAgo * 60_000)
const query = (params: Record<string, string> = {}) => parseOrderListQuery(new URLSearchParams(params))
const numbers = (page: { orders: { orderNumber: string }[] }) => page.orders.map((o) => o.orderNumber)
const actor = { staffId: null, label: 'tester@example.pk' }
const CODES = 'XBOX-AAAA-BBBB-CCCC'

describe.each(databaseKinds)('staff order list on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)
	const payproFixture = useFakePayPro()

	it('lists newest first and pages through every order once, with ties on the same moment ordered by id', async () => {
		const { db } = database
		const made = []
		// Seven orders; three share one timestamp.
		for (const minutes of [60, 50, 40, 40, 40, 20, 10]) made.push(await placeAt(db, { at: at(minutes) }))
		const expected = [...made].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((o) => o.orderNumber)

		const first = await listOrders(db, query(), { pageSize: 3 })
		expect(first.total).toBe(7)
		expect(numbers(first)).toEqual(expected.slice(0, 3))
		expect(first.newerCursor).toBeNull()
		const second = await listOrders(db, query({ before: String(first.olderCursor) }), { pageSize: 3 })
		expect(numbers(second)).toEqual(expected.slice(3, 6))
		expect(second.total).toBe(7)
		const third = await listOrders(db, query({ before: String(second.olderCursor) }), { pageSize: 3 })
		expect(numbers(third)).toEqual(expected.slice(6))
		expect(third.olderCursor).toBeNull()
		// 'Newer' from the last page comes back to the middle one, and from there to the first.
		const back = await listOrders(db, query({ after: String(third.newerCursor) }), { pageSize: 3 })
		expect(numbers(back)).toEqual(expected.slice(3, 6))
		const top = await listOrders(db, query({ after: String(back.newerCursor) }), { pageSize: 3 })
		expect(numbers(top)).toEqual(expected.slice(0, 3))
		expect(top.newerCursor).toBeNull()
	})

	it('pages through a search’s matches newest first as through the whole list, ties on one moment ordered by id', async () => {
		const { db } = database
		const made = []
		for (const minutes of [60, 50, 40, 40, 40, 20, 10]) made.push(await placeAt(db, { name: 'Hira Baig', at: at(minutes) }))
		// Others in between that the search leaves out.
		for (const minutes of [55, 45, 40, 15]) await placeAt(db, { name: 'Umar Farooq', at: at(minutes) })
		const expected = [...made].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((o) => o.orderNumber)
		const hira = (params: Record<string, string> = {}) => listOrders(db, query({ q: 'baig', ...params }), { pageSize: 3 })

		const first = await hira()
		expect(first.total).toBe(7)
		expect(numbers(first)).toEqual(expected.slice(0, 3))
		expect(first.newerCursor).toBeNull()
		const second = await hira({ before: String(first.olderCursor) })
		expect(numbers(second)).toEqual(expected.slice(3, 6))
		const third = await hira({ before: String(second.olderCursor) })
		expect(numbers(third)).toEqual(expected.slice(6))
		expect(third.olderCursor).toBeNull()
		const back = await hira({ after: String(third.newerCursor) })
		expect(numbers(back)).toEqual(expected.slice(3, 6))
		const top = await hira({ after: String(back.newerCursor) })
		expect(numbers(top)).toEqual(expected.slice(0, 3))
		expect(top.newerCursor).toBeNull()
		// A cursor that is not among the matches pages from where it sits in time.
		const other = await placeAt(db, { name: 'Umar Farooq', at: at(30) })
		expect(numbers(await hira({ before: String(other.id) }))).toEqual(expected.slice(2, 5))
	})

	it('an exact order number shows that order alone, even when it starts another number; a number never matches names', async () => {
		const { db } = database
		const seven = await placeAt(db, { number: [1736400000000, 7], name: 'Ali Khan', at: at(30) })
		const seventy = await placeAt(db, { number: [1736400000000, 70], name: 'Sara Ahmed', at: at(20) })
		// Staff typed a buyer's name with a number in it (the DM form takes a name as the chat gave it).
		const bilal = await dmOrder(db, 'Bilal XGC-1736400000000')
		await backdateOrders(db, bilal.orderNumber, { createdAt: at(10) })
		expect([seven.orderNumber, seventy.orderNumber]).toEqual(['XGC-1736400000000-7', 'XGC-1736400000000-70'])
		const search = async (q: string) => numbers(await listOrders(db, query({ q })))
		expect(await search('XGC-1736400000000-7')).toEqual([seven.orderNumber])
		expect(await search('xgc-1736400000000-7')).toEqual([seven.orderNumber])
		expect(await search('XGC-1736400000000')).toEqual([seventy.orderNumber, seven.orderNumber])
		expect((await listOrders(db, query({ q: 'XGC-1736400000000-7' }))).total).toBe(1)
	})

	it('searches by order number, name, email and phone, filters by payment and fulfillment, and counts the matches', async () => {
		const { db } = database
		const ali = await placeAt(db, { number: [1736400000000, 7], product: pcGamePass, name: 'Ali Khan', email: 'ali@example.pk', phone: '03001234567', at: at(30) })
		await payByProvider(db, ali)
		await moveDelivery(db, ali, 'completed')
		const sara = await placeAt(db, { number: [1736400000001, 8], name: 'Sara Ahmed', email: 'sara@example.pk', phone: '03217654321', at: at(20) })
		const zain = await placeAt(db, { number: [1736400000002, 9], name: 'Zain Ali', email: 'zain@example.pk', phone: '03331112222', at: at(10) })
		await payByProvider(db, zain)
		await moveDelivery(db, zain, 'preparing')
		expect([ali, sara, zain].map((o) => o.orderNumber)).toEqual(['PGP-1736400000000-7', 'XGC-1736400000001-8', 'XGC-1736400000002-9'])

		const search = async (params: Record<string, string>) => numbers(await listOrders(db, query(params)))
		expect(await search({ q: 'PGP-1736400000000-7' })).toEqual([ali.orderNumber])
		expect(await search({ q: 'xgc-17364' })).toEqual([zain.orderNumber, sara.orderNumber])
		expect(await search({ q: 'ali' })).toEqual([zain.orderNumber, ali.orderNumber])
		expect(await search({ q: '  AHMED ' })).toEqual([sara.orderNumber])
		expect(await search({ q: 'Sara@Example.PK' })).toEqual([sara.orderNumber])
		expect(await search({ q: '+92 321 7654321' })).toEqual([sara.orderNumber])
		expect(await search({ q: '0321-7654321' })).toEqual([sara.orderNumber])
		expect(await search({ q: '%' })).toEqual([])
		expect(await search({ status: 'paid' })).toEqual([zain.orderNumber, ali.orderNumber])
		expect(await search({ fulfillment: 'preparing' })).toEqual([zain.orderNumber])
		expect(await search({ q: 'ali', status: 'paid', fulfillment: 'completed' })).toEqual([ali.orderNumber])
		expect(await search({ status: 'not-a-status' })).toHaveLength(3)
		const filtered = await listOrders(db, query({ status: 'paid' }))
		expect(filtered.total).toBe(2)
		expect((await listOrders(db, query({ q: 'nobody' }))).total).toBe(0)
		// Never the order's secret.
		const listed = JSON.stringify(await listOrders(db, query()))
		for (const order of [ali, sara, zain]) expect(listed).not.toContain(order.accessToken)
	})

	it('finds an order by every id a buyer quotes and by part of a name, email or phone in any form', async () => {
		const { db } = database
		const ali = await placeAt(db, { number: [1736400000000, 7], product: pcGamePass, name: 'Ali Raza', email: 'ali.raza92@gmail.com', phone: '03001234567', at: at(30) })
		await payproAttempts(payproFixture, db, ali, ['1795699377914959'])
		const transfer = await placeAt(db, { number: [1736400000001, 8], name: 'Sara Ahmed', email: 'sara.ahmed@yahoo.com', phone: '03217654321', at: at(20) })
		const zain = await placeAt(db, { number: [1736400000002, 9], name: 'Zain Malik', email: 'zain@example.pk', phone: '03331112222', at: at(10) })
		await payproAttempts(payproFixture, db, zain, ['1795699300000001'])
		expect(ali.orderNumber).toBe('PGP-1736400000000-7')
		const search = async (q: string) => numbers(await listOrders(db, query({ q })))

		// Ids: the PayPro order id the buyer's page shows, whole, its start and its end; the order number in
		// any case, the start of its long number, and as PayPro's receipt shows it after a second attempt.
		expect(await search('1795699377914959')).toEqual([ali.orderNumber])
		expect(await search(' 1795699377914959 ')).toEqual([ali.orderNumber])
		expect(await search('179569937')).toEqual([ali.orderNumber])
		expect(await search('7914959')).toEqual([ali.orderNumber])
		expect(await search('pgp-1736400000000-7')).toEqual([ali.orderNumber])
		expect(await search('1736400000001')).toEqual([transfer.orderNumber])
		expect(await search('PGP-1736400000000-7-RMF3K2J1')).toEqual([ali.orderNumber])
		// The PayPro order id of an earlier attempt (before "Try again" made a new PayPro order), whole: two
		// attempts failed at PayPro, then the buyer chose a bank transfer.
		expect(await payproAttempts(payproFixture, db, transfer, ['1795699311112222', '1795699333334444'], { thenTransfer: true })).toMatchObject({ paymentMethod: 'manual', earlierPayproIds: ['1795699311112222'] })
		expect(await search('1795699311112222')).toEqual([transfer.orderNumber])
		expect(await search('1795699333334444')).toEqual([transfer.orderNumber])
		// Part of an email, of a name (any case); a phone in every common form, or its last digits.
		expect(await search('ali.raza')).toEqual([ali.orderNumber])
		expect(await search('@yahoo')).toEqual([transfer.orderNumber])
		expect(await search('raza92')).toEqual([ali.orderNumber])
		expect(await search('AHMED')).toEqual([transfer.orderNumber])
		expect(await search('raz')).toEqual([ali.orderNumber])
		for (const phone of ['03001234567', '0300 1234567', '0300-1234567', '+92 300 1234567', '+923001234567', '923001234567', '00923001234567', '3001234567', '1234567'])
			expect(await search(phone), phone).toEqual([ali.orderNumber])
		expect(await search('+92 321')).toEqual([transfer.orderNumber])
		expect(await search('0321')).toEqual([transfer.orderNumber])
		// Too little to search by part; nothing at all; LIKE's own characters are plain text.
		expect(await search('al')).toEqual([])
		expect(await search('%%%')).toEqual([])
		expect(await search('a_i')).toEqual([])
		expect(await search('nobody')).toEqual([])
	})

	it('counts the matches of a search up to FEW_MATCHES (200), and says "more than" past it', { timeout: 180_000 }, async () => {
		const { db } = database
		for (let i = 0; i < 3; i++) await placeAt(db, { name: 'Hamza Iqbal', at: at(10 + i) })
		const few = await listOrders(db, query({ q: 'iqbal' }))
		expect({ total: few.total, moreThan: few.moreThan }).toEqual({ total: 3, moreThan: false })
		expect(orderCountSentence(few.total, few.orders.length, true, few.moreThan)).toBe('3 orders match your search.')
		for (let i = 0; i < FEW_MATCHES; i++) await placeAt(db, { name: 'Hamza Iqbal' })
		const many = await listOrders(db, query({ q: 'iqbal' }))
		expect({ total: many.total, moreThan: many.moreThan, shown: many.orders.length }).toEqual({ total: FEW_MATCHES, moreThan: true, shown: 50 })
		expect(orderCountSentence(many.total, many.orders.length, true, many.moreThan)).toBe('More than 200 orders match your search, 50 shown.')
		expect(orderCountSentence(1, 1, true)).toBe('1 order matches your search.')
		expect(orderCountSentence(1, 1, false)).toBe('1 order.')
		expect(orderCountSentence(1234, 50, false)).toBe('1,234 orders, 50 shown.')
	})

	it('drops a payment status sent with the update, warns about it, and never logs the delivery content', async () => {
		const { db } = database
		const order = await paidOrder(db)
		const calls: unknown[][] = []
		const spies = (['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const).map((level) =>
			vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
				calls.push([level, ...args])
			}) as never),
		)
		try {
			const result = await updateOrderFulfillment(db, actor, {
				orderNumber: order.orderNumber,
				updates: { fulfillment_status: 'preparing', delivery_content: CODES, status: 'failed', total_amount: 1 },
			})
			expect(result).toMatchObject({ order_number: order.orderNumber, status: 'completed', fulfillment_status: 'preparing', delivery_content: CODES, total_amount: 3200 })
		} finally {
			for (const spy of spies) spy.mockRestore()
		}
		const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
		expect(row).toMatchObject({ paymentStatus: 'paid', totalAmount: 3200, deliveryStatus: 'preparing' })
		expect(calls.some(([level, , msg]) => level === 'warn' && String(msg).includes('payment status'))).toBe(true)
		expect(JSON.stringify(calls)).not.toContain(CODES)
	})

	it('stores the codes encrypted; staff and the token holder see them, the public view does not', async () => {
		const { db } = database
		const order = await paidOrder(db)
		await updateOrderFulfillment(db, actor, { orderNumber: order.orderNumber, updates: { fulfillment_status: 'completed', delivery_content: `  {"code": "${CODES}", "region": "US"}  ` } })

		const raw = await db.execute(sql`select delivery_content from orders where id = ${order.id}`)
		const stored = (raw.rows[0] as { delivery_content: string }).delivery_content
		expect(stored).toMatch(/^enc:v1:/)
		expect(stored).not.toContain(CODES)
		expect(stored).not.toContain('XBOX')

		const staffView = (await listOrders(db, query())).orders[0]!
		expect(staffView.deliveryContent).toContain(CODES)
		expect(JSON.parse(staffView.deliveryContent!)).toEqual({ code: CODES, region: 'US' })
		const row = await withLinesOf(db, (await db.select().from(orders).where(eq(orders.id, order.id)))[0])
		expect(await revealOrder(db, row!)).toMatchObject({ deliveryContent: { hidden: 'hand' } })
		expect(await revealAllAsBuyer(db, row!)).toMatchObject({ deliveryContent: { code: CODES, region: 'US' } })
		expect(JSON.stringify(publicOrderView(row!))).not.toContain(CODES)
		// The CSV's rows come without it.
		expect(JSON.stringify(await listOrders(db, query(), { deliveryContent: false }))).not.toContain(CODES)
	})

	it('reads delivery content as §5 says: structured data, trimmed text, empty as none', async () => {
		const { db } = database
		const order = await paidOrder(db)
		const save = (delivery_content: unknown) => updateOrderFulfillment(db, actor, { orderNumber: order.orderNumber, updates: { fulfillment_status: 'delivered', delivery_content } })
		expect((await save({ email: 'acct@example.com', password: 'pw' })).delivery_content).toEqual({ email: 'acct@example.com', password: 'pw' })
		expect((await save('["A-1", "B-2"]')).delivery_content).toEqual(['A-1', 'B-2'])
		expect((await save('  Code: 1234  \n')).delivery_content).toBe('Code: 1234')
		expect((await save('"just a string"')).delivery_content).toBe('"just a string"')
		expect((await save('   ')).delivery_content).toBeNull()
		const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
		expect(row!.deliveryContent).toBeNull()
	})

	it('refuses an unknown step, a missing order number and an unknown order with clear 4xx errors', async () => {
		const { db } = database
		const order = await placeAt(db)
		const attempt = (input: unknown) => updateOrderFulfillment(db, actor, input).catch((e: unknown) => e)
		const badStep = await attempt({ orderNumber: order.orderNumber, updates: { fulfillment_status: 'shipped' } })
		expect(badStep).toBeInstanceOf(AppError)
		expect(badStep).toMatchObject({ status: 400, message: expect.stringContaining('ready_for_delivery') })
		expect(await attempt({ updates: { fulfillment_status: 'completed' } })).toMatchObject({ status: 400 })
		expect(await attempt({ orderNumber: order.orderNumber, updates: 'completed' })).toMatchObject({ status: 400 })
		expect(await attempt(null)).toMatchObject({ status: 400 })
		expect(await attempt({ orderNumber: 'NOPE-1-1', updates: { fulfillment_status: 'completed' } })).toMatchObject({ status: 404 })
		expect((await orderHistory(db, order.orderNumber)).length).toBe(0)
	})

	it('emails the buyer once on completion with content: the tracking link, never the codes, even when saved twice', async () => {
		const { db } = database
		const order = await paidOrder(db, { email: 'ali@example.pk' })
		// The payment's own email went before; what follows is the delivery's.
		const sentBefore = await db.select().from(emailOutbox).orderBy(emailOutbox.id)
		expect(sentBefore.map((e) => e.dedupeKey)).toEqual([`order-paid:${order.orderNumber}`])
		// Completed without content yet: nothing to tell.
		await updateOrderFulfillment(db, actor, { orderNumber: order.orderNumber, updates: { fulfillment_status: 'completed', delivery_content: '' } })
		expect(await db.select().from(emailOutbox)).toHaveLength(sentBefore.length)
		for (let i = 0; i < 2; i++) {
			await updateOrderFulfillment(db, actor, { orderNumber: order.orderNumber, updates: { fulfillment_status: 'completed', delivery_content: CODES } })
		}
		const emails = (await db.select().from(emailOutbox).orderBy(emailOutbox.id)).slice(sentBefore.length)
		expect(emails).toHaveLength(1)
		expect(emails[0]).toMatchObject({ dedupeKey: `order-delivered:${order.orderNumber}`, toEmail: 'ali@example.pk', orderNumber: order.orderNumber })
		expect(emails[0]!.text).toContain(`/order-status?internalOrderId=${order.orderNumber}&token=${order.accessToken}`)
		expect(JSON.stringify(await db.select().from(emailOutbox))).not.toContain(CODES)
	})

	it('writes an audit row with who, before and after, and whether content is set, not the content', async () => {
		const { db } = database
		const order = await paidOrder(db)
		await updateOrderFulfillment(db, { staffId: null, label: 'owner@example.pk' }, { orderNumber: order.orderNumber, updates: { fulfillment_status: 'completed', delivery_content: CODES } })
		const history = await orderHistory(db, order.orderNumber)
		expect(history).toHaveLength(1)
		expect(history[0]).toMatchObject({
			actor: 'owner@example.pk',
			action: 'fulfillment.update',
			before: { fulfillment_status: 'pending', delivery_content_set: false },
			after: { fulfillment_status: 'completed', delivery_content_set: true },
		})
		expect(JSON.stringify(history)).not.toContain(CODES)
	})
})

describe.each(databaseKinds)('staff orders over HTTP on %s', (kind) => {
	let shop: RunningShop
	let cookie: string
	const payproFixture = useFakePayPro()
	const testShop = useTestShop(kind, 'admin_orders', { JOBS_WORKER: 'false' })

	beforeAll(async () => {
		shop = testShop.shop
		const staff = await createStaff(shop.database.db, { email: 'helper@example.pk', name: 'Helper', password: 'correct-horse-battery' })
		const signedIn = await signIn(shop.database.db, { email: staff.email, password: 'correct-horse-battery' }, { ip: '127.0.0.1' }, { idleMinutes: 60, absoluteHours: 12 })
		if (signedIn.kind !== 'signed-in') throw new Error('expected a session')
		cookie = `staff_session=${signedIn.sessionId}`
	}, 120_000)
	afterEach(async () => {
		await shop.database.db.execute(sql`truncate orders, order_lines, order_events, coupon_redemptions, stock_assignments, refunds, refund_lines, unit_reveals, audit_log, email_outbox, jobs restart identity cascade`)
	})

	const update = (body: string, headers: Record<string, string> = { cookie }, route = '/api/admin-update-order') =>
		fetch(`${shop.url}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })

	it('renders a hostile name and delivery content escaped on the dashboard and the order page', { timeout: 60_000 }, async () => {
		const evil = '<script>alert(1)</script>'
		// Staff took the order in a chat, under the name as the buyer gave it, and delivered it by hand.
		const order = await dmOrder(shop.database.db, evil)
		await markDmOrderPaid(shop.database.db, owner, order.orderNumber, 'Paid in the chat')
		await moveDelivery(shop.database.db, order, 'completed', evil)
		const dashboard = await fetch(`${shop.url}/admin-dashboard`, { headers: { cookie } })
		expect(dashboard.status).toBe(200)
		const html = await dashboard.text()
		expect(html).toContain(order.orderNumber)
		expect(html).toContain('&lt;script&gt;alert(1)')
		expect(html).not.toContain('<script>alert(1)')
		const page = await fetch(`${shop.url}/admin/orders/${order.orderNumber}`, { headers: { cookie } })
		expect(page.status).toBe(200)
		const pageHtml = await page.text()
		expect(pageHtml).toContain('&lt;script&gt;alert(1)')
		expect(pageHtml).not.toContain('<script>alert(1)')
	})

	it('shows the table headings, and "No orders found." when nothing matches', { timeout: 60_000 }, async () => {
		await placeAt(shop.database.db)
		const html = await (await fetch(`${shop.url}/admin-dashboard`, { headers: { cookie } })).text()
		for (const heading of ['Order #', 'Customer', 'Phone', 'Products', 'Amount', 'Payment', 'Fulfillment', 'Date &amp; Time', 'Actions', 'Refresh Orders', 'Export CSV']) expect(html).toContain(heading)
		const empty = await (await fetch(`${shop.url}/admin-dashboard?q=nobody-at-all`, { headers: { cookie } })).text()
		expect(empty).toContain('No orders found.')
		const signedOut = await fetch(`${shop.url}/admin-dashboard`, { redirect: 'manual' })
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.get('location')).toContain('/admin/login')
	})

	it('updates through the API on both paths and answers {data} with the delivery content', async () => {
		const order = await paidOrder(shop.database.db)
		const res = await update(JSON.stringify({ orderNumber: order.orderNumber, updates: { fulfillment_status: 'delivered', delivery_content: CODES, status: 'failed' } }))
		expect(res.status).toBe(200)
		const body = (await res.json()) as { data: Record<string, unknown> }
		expect(body.data).toMatchObject({ order_number: order.orderNumber, status: 'completed', fulfillment_status: 'delivered', delivery_content: CODES })
		expect(body.data).not.toHaveProperty('access_token')
		const again = await update(JSON.stringify({ orderNumber: order.orderNumber, updates: { fulfillment_status: 'completed' } }), { cookie }, '/.netlify/functions/admin-update-order')
		expect(again.status).toBe(200)
		expect(((await again.json()) as { data: { fulfillment_status: string } }).data.fulfillment_status).toBe('completed')
		// Delivery only moves forward (ADR-023): going back is refused with a sentence, not saved.
		const back = await update(JSON.stringify({ orderNumber: order.orderNumber, updates: { fulfillment_status: 'delivered' } }))
		expect(back.status).toBe(409)
		expect(((await back.json()) as { error: string }).error).toMatch(/cannot/)
	})

	it('answers 4xx JSON for bad input, unknown orders, strangers and other sites', async () => {
		const order = await placeAt(shop.database.db)
		const cases = [
			{ res: await update('{"orderNumber": '), status: 400, error: 'The request body is not valid JSON.' },
			{ res: await update(JSON.stringify({ orderNumber: 'NOPE-1-1', updates: { fulfillment_status: 'completed' } })), status: 404, error: 'Order NOPE-1-1 not found.' },
			{ res: await update(JSON.stringify({ orderNumber: order.orderNumber, updates: { fulfillment_status: 'lost' } })), status: 400, error: expect.stringContaining('fulfillment_status') },
			{ res: await update(JSON.stringify({ orderNumber: order.orderNumber })), status: 400, error: expect.any(String) },
			{ res: await update(JSON.stringify({ orderNumber: order.orderNumber, updates: { fulfillment_status: 'completed' } }), {}), status: 401, error: expect.any(String) },
			{
				res: await update(JSON.stringify({ orderNumber: order.orderNumber, updates: { fulfillment_status: 'completed' } }), { cookie, origin: 'https://evil.example' }),
				status: 403,
				error: expect.any(String),
			},
		]
		for (const { res, status, error } of cases) {
			expect(res.status).toBe(status)
			expect(res.headers.get('content-type')).toContain('application/json')
			expect(await res.json()).toMatchObject({ error })
		}
		const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(row!.deliveryStatus).toBe('pending')
	})

	it('exports the filtered list as CSV: quoted, formula cells neutralised, no delivery content, staff only', async () => {
		const db = shop.database.db
		// Names as staff typed them on the DM form: one paid and delivered by hand, one still unpaid.
		const formula = await dmOrder(db, '=HYPERLINK("http://evil.example","x")')
		await markDmOrderPaid(db, owner, formula.orderNumber, 'Paid in the chat')
		await moveDelivery(db, formula, 'completed', CODES)
		const quoted = await dmOrder(db, 'Sara, "the buyer"')
		await backdateOrders(db, formula.orderNumber, { createdAt: at(5) })
		await backdateOrders(db, quoted.orderNumber, { createdAt: at(10) })
		const res = await fetch(`${shop.url}/admin/orders.csv?status=paid`, { headers: { cookie } })
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toContain('text/csv')
		expect(res.headers.get('content-encoding')).toBe('gzip')
		const text = await res.text()
		const lines = text.trim().split('\r\n')
		expect(lines).toHaveLength(2)
		expect(lines[0]).toContain('"Order #"')
		expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
		expect(text).not.toContain(CODES)
		const all = await (await fetch(`${shop.url}/admin/orders.csv`, { headers: { cookie } })).text()
		expect(all).toContain('"Sara, ""the buyer"""')
		// A client that takes no gzip gets the same rows as they are.
		const plain = await fetch(`${shop.url}/admin/orders.csv?status=paid`, { headers: { cookie, 'Accept-Encoding': 'identity' } })
		expect(plain.headers.get('content-encoding')).toBeNull()
		expect(await plain.text()).toBe(text)
		expect((await fetch(`${shop.url}/admin/orders.csv`)).status).toBe(401)
	})

	it('the dashboard shows the to-do counts, the waiting badge on Transfers, which transfer has a receipt, and finds a PayPro id', { timeout: 60_000 }, async () => {
		const { db } = shop.database
		const waiting = await placeAt(db, { method: 'manual' })
		await sendReceipt(db, waiting)
		const noReceipt = await placeAt(db, { method: 'manual' })
		// Paid online on a second attempt (PayPro reported the first failed), being prepared.
		const toDeliver = await payproAttempts(payproFixture, db, await placeAt(db), ['1795699300009999', '1795699377914959'])
		payproFixture.fake.pay(lastAttempt(payproFixture.fake, toDeliver.orderNumber))
		expect(await confirmPayproPayment(db, payproFixture.paypro, toDeliver.orderNumber)).toBe('paid')
		await moveDelivery(db, toDeliver, 'preparing')
		await moveDelivery(db, await paidOrder(db), 'completed')
		const page = async (query = '') => (await fetch(`${shop.url}/admin-dashboard${query}`, { headers: { cookie } })).text()
		const html = await page()
		expect(html).toContain('1 transfer to confirm')
		expect(html).toContain('1 paid order to deliver')
		expect(html).toMatch(/Transfers(<!-- -->)?\s*<span class="count-badge nav-badge">1<\/span>/)
		const rowOf = (number: string) => html.slice(html.indexOf(`>${number}<`), html.indexOf('</tr>', html.indexOf(`>${number}<`)))
		expect(rowOf(waiting.orderNumber)).toContain(`href="/admin/receipts/${waiting.orderNumber}"`)
		expect(rowOf(waiting.orderNumber)).toContain('Receipt uploaded')
		expect(rowOf(noReceipt.orderNumber)).toContain('No receipt yet')
		// Every console page carries the badge; the to-do link lists the paid orders not delivered yet.
		expect(await (await fetch(`${shop.url}/admin/outbox`, { headers: { cookie } })).text()).toContain('count-badge nav-badge">1<')
		const undelivered = await page('?status=paid&fulfillment=undelivered')
		expect(undelivered).toContain(toDeliver.orderNumber)
		expect(undelivered).toContain('1 order matches your search.')
		const byPayproId = await page('?q=1795699377914959')
		expect(byPayproId).toContain(toDeliver.orderNumber)
		expect(byPayproId).toContain('1 order matches your search.')
		// An earlier attempt's PayPro id finds it too, and its page lists that id for staff.
		const byEarlierId = await page('?q=1795699300009999')
		expect(byEarlierId).toContain(toDeliver.orderNumber)
		expect(byEarlierId).toContain('1 order matches your search.')
		const orderPage = await (await fetch(`${shop.url}/admin/orders/${toDeliver.orderNumber}`, { headers: { cookie } })).text()
		expect(orderPage).toMatch(/Earlier PayPro IDs<\/dt><dd>1795699300009999<\/dd>/)
		expect(await page('?q=Ali%20Khan')).toContain('4 orders match your search.')
	})

	it('the outbox says an email the log provider took was logged, not sent, and one a real provider took was sent', { timeout: 60_000 }, async () => {
		const { db } = shop.database
		const queued = (key: string) => db.insert(emailOutbox).values({ dedupeKey: key, toEmail: `${key}@example.pk`, subject: `Subject ${key}`, params: {}, text: 'Hello' }).returning()
		const [logged] = await queued('logged')
		const [sent] = await queued('sent')
		await sendQueuedEmail(db, logProvider(logger), logged!.id, { finalAttempt: false })
		await sendQueuedEmail(db, { name: 'brevo', send: async () => ({ messageId: '<abc@smtp-relay.brevo.com>' }) }, sent!.id, { finalAttempt: false })
		const html = await (await fetch(`${shop.url}/admin/outbox`, { headers: { cookie } })).text()
		const rowOf = (email: string) => html.slice(html.indexOf(email), html.indexOf('</tr>', html.indexOf(email)))
		expect(rowOf('logged@example.pk')).toContain('Logged — not sent')
		expect(rowOf('logged@example.pk')).toContain('No email provider set')
		expect(rowOf('logged@example.pk')).not.toMatch(/>Sent</)
		expect(rowOf('sent@example.pk')).toMatch(/>Sent</)
		// The shop has no email connected: the page says buyers receive nothing, and where to connect one.
		expect(html).toContain('No email provider is connected')
		expect(html).toContain('href="/admin/connections#email"')
		await db.execute(sql`truncate email_outbox restart identity`)
	})

	it('shows an unknown order as a 404 page', { timeout: 60_000 }, async () => {
		const res = await fetch(`${shop.url}/admin/orders/NOPE-1-1`, { headers: { cookie } })
		expect(res.status).toBe(404)
		expect(await res.text()).toContain('Order not found')
	})
})
