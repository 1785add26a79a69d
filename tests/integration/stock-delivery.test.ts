// Delivery from stock at the moment of payment (issue: codes delivered the moment a payment is
// confirmed, never twice): the race of 30 payments for 10 units (PayPro confirmations and staff
// transfer confirmations at once), a shared account's two slots, 50 replays of one paid callback,
// a payment after the order expired, partial delivery and the queue served by an import, replacing
// a unit, the low-stock and out-of-stock alerts to the staff who chose them, and products that stay manual. PGlite and PostgreSQL.
import { eq, inArray, sql } from 'drizzle-orm'
import { createElement } from 'react'
import { DeliverablesCard } from '../../app/components/order/deliverables-card'
import { renderStaticHtml } from '../../app/utils/static-html.server'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { alertOutbox, auditLog, emailOutbox, orders, stockAssignments, stockUnits } from '../../app/db/schema'
import { saveMyAlerts } from '../../app/domain/alerts/alert-settings.server'
import { readStoreDetails } from '../../app/domain/settings/store-details.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { withLines } from '../../app/domain/orders/order-lines.server'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { updateOrderFulfillment } from '../../app/domain/fulfillment/update-order-fulfillment.server'
import { publicOrderView } from '../../app/domain/orders/view-order.server'
import { revealOrder } from '../../app/domain/orders/reveal-delivery.server'
import { deliveryText } from '../../app/domain/orders/delivered-units'
import { deliveryText as staffDeliveryText } from '../../app/domain/orders/staff-order-view.server'
import { translator } from '../../app/i18n/messages.server'
import { confirmPayproPayment } from '../../app/domain/payments/confirm-paypro-payment.server'
import { handlePayproCallback } from '../../app/domain/payments/handle-paypro-callback.server'
import { stopAwaitingPayment } from '../../app/domain/payments/mark-order-paid.server'
import { confirmTransfer } from '../../app/domain/payments/review-transfer.server'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { deliverQueuedOrders } from '../../app/domain/stock/deliver-stock.server'
import { importStock, setLowStockThreshold, setStockMode, stockCounts } from '../../app/domain/stock/manage-stock.server'
import { orderStockUnits, replaceUnit } from '../../app/domain/stock/order-stock.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { logProvider } from '../../app/integrations/email/log.server'
import { logger } from '../../app/utils/logger.server'
import { codes, giftCardWithTwoOptions } from '../setup/catalogue'
import { callbackAccount, useFakePayPro } from '../setup/fake-paypro'
import { payAtPayPro, revealAllAsBuyer, sendReceipt } from '../setup/orders'
import { checkoutBody, jobRows, orderRow, placeOrder, runAllJobs } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { formatPakistanDay } from '../../app/utils/pakistan-time'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }

async function giftCardProduct(db: Db, name = 'PSN Card (delivered from stock)') {
	const { productId, ten, twentyFive } = await giftCardWithTwoOptions(db, name)
	return { productId, variantId: ten, otherVariantId: twentyFive }
}

const lineFor = (productId: number, variantId: number, quantity = 1) => ({ id: productId, quantity, variantId })

describe.each(databaseKinds)('delivery from stock on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)
	// Thirty confirmations at once share one embedded database: PayPro is given time to answer each (the fixture's default).
	const { fake, paypro } = useFakePayPro()

	/** An order at PayPro's hosted page, paid there: a confirmation makes it paid. */
	const paidAtPayPro = async (db: Db, line: unknown) => payAtPayPro(db, { fake, paypro }, await placeOrder(db, checkoutBody([line])), { confirm: false })
	/** A transfer order with its receipt, waiting for staff. */
	const transferWaiting = async (db: Db, line: unknown) => sendReceipt(db, await placeOrder(db, checkoutBody([line], { paymentMethod: 'manual' })))
	const assignmentsOf = (db: Db, orderIds: number[]) => db.select().from(stockAssignments).where(inArray(stockAssignments.orderId, orderIds))
	// What a delivery reads in English (units are stored as data, ADR-037).
	const contentOf = async (db: Db, orderNumber: string) => staffDeliveryText((await orderRow(db, orderNumber))!.deliveryContent)
	/** The job worker's next turns: an import leaves the waiting orders to the job it queued. */
	async function runWorker(db: Db) {
		expect((await jobRows(db, 'serve-stock-queue')).filter((j) => j.status === 'pending')).toHaveLength(1)
		await runAllJobs(db, jobHandlers(db, { email: () => logProvider(logger), paypro: () => paypro, reconcileAfterMinutes: 3, expiryHours: 72 }))
		expect((await jobRows(db, 'serve-stock-queue')).filter((j) => j.status !== 'done')).toEqual([])
	}

	it('serves exactly 10 of 30 orders paid at the same moment from 10 units, one unit each, and queues the other 20', async () => {
		const { db } = database
		const { productId, variantId } = await giftCardProduct(db)
		const units = codes('RACE', 10)
		expect(await importStock(db, owner, productId, { variantId, kind: 'code', units })).toMatchObject({ added: 10, waiting: 0 })

		const transfers = await Promise.all(Array.from({ length: 15 }, () => transferWaiting(db, lineFor(productId, variantId))))
		// Paid at PayPro last: its connections are still open when the confirmations go out.
		const online = await Promise.all(Array.from({ length: 15 }, () => paidAtPayPro(db, lineFor(productId, variantId))))
		// All at once: PayPro's confirmations (each twice, as a callback and the reconcile job would) and staff's.
		await Promise.all([
			...online.flatMap((o) => [confirmPayproPayment(db, paypro, o.orderNumber), confirmPayproPayment(db, paypro, o.orderNumber)]),
			...transfers.map((o) => confirmTransfer(db, owner, o.orderNumber, 'Seen in the bank app')),
		])

		const all = [...online, ...transfers]
		const rows = await withLines(db, await db.select().from(orders).where(inArray(orders.id, all.map((o) => o.id))))
		expect(rows.every((r) => r.paymentStatus === 'paid')).toBe(true)
		const assignments = await assignmentsOf(db, all.map((o) => o.id))
		expect(assignments).toHaveLength(10)
		expect(new Set(assignments.map((a) => a.unitId)).size).toBe(10)
		expect(new Set(assignments.map((a) => a.orderId)).size).toBe(10)
		const served = rows.filter((r) => assignments.some((a) => a.orderId === r.id))
		const queued = rows.filter((r) => !assignments.some((a) => a.orderId === r.id))
		expect(served.map((r) => [r.deliveryStatus, r.undeliveredUnits])).toEqual(Array(10).fill(['completed', 0]))
		expect(queued.map((r) => [r.deliveryStatus, r.undeliveredUnits])).toEqual(Array(20).fill(['preparing', 1]))
		// Every code went to exactly one buyer, and each buyer reads their own.
		const delivered = await Promise.all(served.map((r) => contentOf(db, r.orderNumber)))
		for (const unit of units) expect(delivered.filter((c) => c!.includes(unit.code))).toHaveLength(1)
		expect((await stockCounts(db, productId)).variants[0]).toMatchObject({ available: 0, sold: 10 })
		expect(await db.select().from(stockUnits).where(eq(stockUnits.status, 'available'))).toEqual([])

		// The queue: the buyer of a queued order sees the wait; new stock serves the oldest payments first.
		const waiting = await revealOrder(db, queued[0]!)
		expect(waiting).toMatchObject({ full: true, deliveryContent: null, owedUnits: 1, partlyDelivered: false })
		const byPayment = [...queued].sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime() || a.id - b.id)
		expect(await importStock(db, owner, productId, { variantId, kind: 'code', units: codes('MORE', 5) })).toMatchObject({ added: 5, waiting: 20 })
		// The import answers at once; the job it queued serves the queue right after.
		expect((await db.select().from(orders).where(inArray(orders.id, queued.map((r) => r.id)))).filter((r) => r.undeliveredUnits === 0)).toEqual([])
		await runWorker(db)
		const after = await db.select().from(orders).where(inArray(orders.id, queued.map((r) => r.id)))
		const nowServed = after.filter((r) => r.undeliveredUnits === 0).map((r) => r.id)
		expect(nowServed.sort()).toEqual(byPayment.slice(0, 5).map((r) => r.id).sort())
		expect(after.filter((r) => r.undeliveredUnits === 1)).toHaveLength(15)
	})

	it('gives a shared account with 2 slots to exactly 2 of 3 buyers paying at once, and never twice to one order', async () => {
		const { db } = database
		const product = await createProduct(
			db,
			owner,
			createProductInput.parse({
				name: 'Shared game account (stock)',
				platform: 'playstation',
				kind: 'account',
				description: 'Shared login.',
				variants: [
					{ label: 'Private', accountType: 'private', price: 9000 },
					{ label: 'Shared', accountType: 'shared', price: 5000 },
				],
			}),
		)
		const shared = product.variants.find((v) => v.accountType === 'shared')!
		expect(await importStock(db, owner, product.id, { variantId: shared.id, kind: 'account', units: [{ login: 'slot.owner@example.com', password: 'Pa55-word', notes: 'Play offline' }] })).toMatchObject({ added: 1 })
		const [unit] = await db.select().from(stockUnits)
		expect(unit!.slots).toBe(2)

		const line = { id: product.id, quantity: 1, selectedAccountType: 'shared' as const }
		const buyers = await Promise.all(Array.from({ length: 3 }, () => transferWaiting(db, line)))
		await Promise.all(buyers.map((o) => confirmTransfer(db, owner, o.orderNumber, 'Seen')))
		// A slot another payment held at that instant is retried after commit; the sweep serves what is left.
		await deliverQueuedOrders(db)

		const assignments = await assignmentsOf(db, buyers.map((o) => o.id))
		expect(assignments.map((a) => a.slot).sort()).toEqual([1, 2])
		expect(new Set(assignments.map((a) => a.orderId)).size).toBe(2)
		const [after] = await db.select().from(stockUnits)
		expect(after).toMatchObject({ slotsUsed: 2, status: 'used' })
		const served = buyers.filter((o) => assignments.some((a) => a.orderId === o.id))
		for (const o of served) expect(await contentOf(db, o.orderNumber)).toBe('Shared game account (stock) (Shared)\nAccount\nLogin: slot.owner@example.com\nPassword: Pa55-word\nNotes: Play offline')
		const third = buyers.find((o) => !assignments.some((a) => a.orderId === o.id))!
		expect((await orderRow(db, third.orderNumber))!.undeliveredUnits).toBe(1)

		// Two shared slots in one order are two accounts, not one twice.
		await importStock(db, owner, product.id, { variantId: shared.id, kind: 'account', units: [{ login: 'second@example.com', password: 'x1' }] })
		await runWorker(db)
		const double = await transferWaiting(db, { ...line, quantity: 2 })
		await confirmTransfer(db, owner, double.orderNumber, 'Seen')
		const doubleUnits = await assignmentsOf(db, [double.id])
		expect(new Set(doubleUnits.map((a) => a.unitId)).size).toBe(doubleUnits.length)
	})

	it('delivers once under 50 replays of a paid callback, with one paid email that says the codes are ready', async () => {
		const { db } = database
		const { productId, variantId } = await giftCardProduct(db)
		await importStock(db, owner, productId, { variantId, kind: 'code', units: codes('REPLAY', 3) })
		const order = await paidAtPayPro(db, lineFor(productId, variantId))
		const replies = await Promise.all(Array.from({ length: 50 }, () => handlePayproCallback(db, paypro, { ...callbackAccount, csvinvoiceids: order.orderNumber }, callbackAccount)))
		expect(replies.every((r) => r[0]!.StatusCode === '00')).toBe(true)

		expect(await assignmentsOf(db, [order.id])).toHaveLength(1)
		expect((await stockCounts(db, productId)).variants[0]).toMatchObject({ available: 2, sold: 1 })
		const row = (await orderRow(db, order.orderNumber))!
		expect(row).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'completed', undeliveredUnits: 0 })
		expect(await contentOf(db, order.orderNumber)).toBe('PSN Card (delivered from stock) ($10 USD)\nCode: REPLAY-0001-XQ7K')
		const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderNumber, order.orderNumber))
		expect(emails.map((e) => e.dedupeKey)).toEqual([`order-paid:${order.orderNumber}`])
		expect(emails[0]!.text).toContain('It is delivered already')
		// The email carries the link, never the code.
		expect(emails[0]!.text).not.toContain('REPLAY-0001')
		expect(JSON.stringify(emails[0]!.params)).not.toContain('REPLAY-0001')
	})

	it('still delivers a payment that arrives after the order expired', async () => {
		const { db } = database
		const { productId, variantId } = await giftCardProduct(db)
		await importStock(db, owner, productId, { variantId, kind: 'code', units: codes('LATE', 1) })
		const order = await paidAtPayPro(db, lineFor(productId, variantId))
		expect(await stopAwaitingPayment(db, order.id, 'expire')).toBe(true)
		expect(await confirmPayproPayment(db, paypro, order.orderNumber)).toBe('paid')
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'completed', undeliveredUnits: 0 })
		expect(await contentOf(db, order.orderNumber)).toContain('LATE-0001-XQ7K')
	})

	it('delivers what it can of a larger order, shows the buyer what came, and completes it when stock arrives', async () => {
		const { db } = database
		const { productId, variantId } = await giftCardProduct(db)
		await importStock(db, owner, productId, { variantId, kind: 'code', units: codes('PART', 2) })
		const order = await transferWaiting(db, lineFor(productId, variantId, 3))
		await confirmTransfer(db, owner, order.orderNumber, 'Seen')

		let row = (await orderRow(db, order.orderNumber))!
		expect(row).toMatchObject({ deliveryStatus: 'preparing', undeliveredUnits: 1 })
		const view = await revealAllAsBuyer(db, row)
		expect(view).toMatchObject({ partlyDelivered: true, owedUnits: 1 })
		expect(view.full && deliveryText(view.deliveryContent, translator('en'), 'en')).toBe('PSN Card (delivered from stock) ($10 USD)\nCode 1: PART-0001-XQ7K\nCode 2: PART-0002-XQ7K')
		// An Urdu buyer reads the same units with the catalogue's Urdu words, on the order page as drawn (ADR-037).
		if (!view.full) throw new Error('the buyer sees the order in full')
		const urdu = renderStaticHtml(createElement(DeliverablesCard, { order: view }), { location: `/ur/order-status?internalOrderId=${order.orderNumber}` })
		expect(urdu).toContain('کوڈ 1: PART-0001-XQ7K')
		expect(urdu).toContain('کوڈ 2: PART-0002-XQ7K')
		expect(urdu).not.toMatch(/Code \d|order\.delivery\./)
		const english = renderStaticHtml(createElement(DeliverablesCard, { order: view }), { location: `/order-status?internalOrderId=${order.orderNumber}` })
		expect(english).toContain('Code 1: PART-0001-XQ7K')
		// A stranger with the order number sees none of it.
		expect(JSON.stringify(publicOrderView(row))).not.toContain('PART-')

		expect(await importStock(db, owner, productId, { variantId, kind: 'code', units: codes('REST', 1) })).toMatchObject({ waiting: 1 })
		await runWorker(db)
		row = (await orderRow(db, order.orderNumber))!
		expect(row).toMatchObject({ deliveryStatus: 'completed', undeliveredUnits: 0 })
		const whole = await revealAllAsBuyer(db, row)
		expect(whole).toMatchObject({ partlyDelivered: false })
		expect(whole.full && deliveryText(whole.deliveryContent, translator('en'), 'en')).toContain('Code 3: REST-0001-XQ7K')
		// Delivered later than the payment: the delivered email follows, once.
		const keys = (await db.select().from(emailOutbox).where(eq(emailOutbox.orderNumber, order.orderNumber))).map((e) => e.dedupeKey).sort()
		// (The transfer order's order-placed email came at checkout.)
		expect(keys).toEqual([`order-delivered:${order.orderNumber}`, `order-paid:${order.orderNumber}`, `order-placed:${order.orderNumber}`])
	})

	it('leaves an order staff completed by hand out of the queue: stock imported later goes to the next buyer', async () => {
		const { db } = database
		const { productId, variantId } = await giftCardProduct(db)
		await setStockMode(db, owner, productId, 'stock_or_manual')
		const byHand = await transferWaiting(db, lineFor(productId, variantId))
		await confirmTransfer(db, owner, byHand.orderNumber, 'Seen')
		expect(await orderRow(db, byHand.orderNumber)).toMatchObject({ deliveryStatus: 'preparing', undeliveredUnits: 1 })
		await updateOrderFulfillment(db, owner, { orderNumber: byHand.orderNumber, updates: { fulfillment_status: 'completed', delivery_content: 'Code: HAND-TYPED-1' } })
		expect(await orderRow(db, byHand.orderNumber)).toMatchObject({ deliveryStatus: 'completed', undeliveredUnits: 0 })
		const next = await transferWaiting(db, lineFor(productId, variantId))
		await confirmTransfer(db, owner, next.orderNumber, 'Seen')
		expect(await importStock(db, owner, productId, { variantId, kind: 'code', units: codes('NEXT', 1) })).toMatchObject({ waiting: 1 })
		await runWorker(db)
		expect(await contentOf(db, byHand.orderNumber)).toBe('Code: HAND-TYPED-1')
		expect(await contentOf(db, next.orderNumber)).toContain('NEXT-0001-XQ7K')
	})

	it('replaces a unit that did not work: the buyer gets another, the old one is voided and named only by its end, and the audit holds no code', async () => {
		const { db } = database
		const { productId, variantId } = await giftCardProduct(db)
		await importStock(db, owner, productId, { variantId, kind: 'code', units: codes('SWAP', 2) })
		const order = await transferWaiting(db, lineFor(productId, variantId))
		await confirmTransfer(db, owner, order.orderNumber, 'Seen')
		const [held] = await orderStockUnits(db, order.id)
		expect(held).toMatchObject({ kind: 'code', masked: '•••• XQ7K', replacedAt: null })

		await replaceUnit(db, owner, order.orderNumber, held!.assignmentId, 'Buyer says the code was already redeemed')
		const content = (await contentOf(db, order.orderNumber))!
		expect(content).toContain('Code: SWAP-0002-XQ7K')
		expect(content).not.toContain('SWAP-0001')
		// The day is Pakistan's, as the buyer reads dates.
		expect(content).toContain(`Replaced on ${formatPakistanDay(new Date().toISOString())}: the code •••• XQ7K no longer applies.`)
		const units = await orderStockUnits(db, order.id)
		expect(units.map((u) => [u.unitId, u.replacedAt !== null])).toEqual([
			[held!.unitId, true],
			[expect.any(Number), false],
		])
		await expect(replaceUnit(db, owner, order.orderNumber, held!.assignmentId, 'again')).rejects.toThrow('This unit was replaced already.')
		await expect(replaceUnit(db, owner, order.orderNumber, units[1]!.assignmentId, 'no more')).rejects.toThrow('There is no stock left for this option')
		await expect(replaceUnit(db, owner, order.orderNumber, units[1]!.assignmentId, '   ')).rejects.toThrow('Please say why the unit is replaced')
		const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'stock.replace')).orderBy(auditLog.id)
		expect(audit).toHaveLength(1)
		expect(JSON.stringify(audit)).not.toContain('SWAP-')
	})

	it('alerts the staff who chose it once when an option falls to its threshold and once when it runs out, never the support address', async () => {
		const { db } = database
		const { productId, variantId } = await giftCardProduct(db, 'Steam Wallet (alerts)')
		// The owner has never saved their alerts (stock out by default); one member chose both stock alerts; one chose none of them.
		const boss = await createStaff(db, { email: 'boss@example.pk', name: 'Boss', role: 'owner' })
		const sana = await createStaff(db, { email: 'sana@example.pk', name: 'Sana', role: 'staff' })
		await saveMyAlerts(db, sana.id, { events: ['stock-low', 'stock-out'], byEmail: 'true' })
		const omar = await createStaff(db, { email: 'omar@example.pk', name: 'Omar', role: 'staff' })
		await saveMyAlerts(db, omar.id, { events: ['refund'], byEmail: 'true' })
		await setLowStockThreshold(db, owner, productId, variantId, 2)
		await importStock(db, owner, productId, { variantId, kind: 'code', units: codes('ALERT', 4) })
		const pay = async () => {
			const order = await transferWaiting(db, lineFor(productId, variantId))
			await confirmTransfer(db, owner, order.orderNumber, 'Seen')
		}
		const alerts = async () => (await db.select().from(alertOutbox).where(sql`${alertOutbox.event} like 'stock-%'`).orderBy(alertOutbox.id)).map((a) => `${a.subject} → ${a.staffId === boss.id ? 'boss' : a.staffId === sana.id ? 'sana' : 'omar'}`)
		await pay()
		expect(await alerts()).toEqual([])
		await pay()
		await pay()
		expect(await alerts()).toEqual(['Low stock: Steam Wallet (alerts) ($10 USD) → sana'])
		await pay()
		await pay()
		await pay()
		expect((await alerts()).slice(1).sort()).toEqual(['Out of stock: Steam Wallet (alerts) ($10 USD) → boss', 'Out of stock: Steam Wallet (alerts) ($10 USD) → sana'])
		const [low] = await db.select().from(alertOutbox).where(eq(alertOutbox.event, 'stock-low'))
		expect(low!.text).toMatch(/\/admin\/products\/\d+\/stock/)
		// The support address is the buyers': no stock email goes there, nor to anyone through the buyers' outbox.
		const { supportEmail } = await readStoreDetails(db)
		expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, supportEmail))).toEqual([])
		expect(await db.select().from(emailOutbox).where(sql`${emailOutbox.dedupeKey} like 'stock-%'`)).toEqual([])
	})

	it('leaves a manual product to staff, and a mixed order delivers its stock line while staff prepare the rest', async () => {
		const { db } = database
		const manual = await transferWaiting(db, { id: 14, quantity: 1, selectedDenomination: { label: '$10 USD', value: 10 } })
		await confirmTransfer(db, owner, manual.orderNumber, 'Seen')
		expect(await orderRow(db, manual.orderNumber)).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending', undeliveredUnits: 0, deliveryContent: null })

		const { productId, variantId } = await giftCardProduct(db)
		await importStock(db, owner, productId, { variantId, kind: 'code', units: codes('MIX', 1) })
		const mixed = await placeOrder(db, checkoutBody([lineFor(productId, variantId), { id: 14, quantity: 1, selectedDenomination: { label: '$10 USD', value: 10 } }], { paymentMethod: 'manual' }))
		await sendReceipt(db, mixed)
		await confirmTransfer(db, owner, mixed.orderNumber, 'Seen')
		const row = (await orderRow(db, mixed.orderNumber))!
		expect(row).toMatchObject({ deliveryStatus: 'preparing', undeliveredUnits: 0 })
		const view = await revealAllAsBuyer(db, row)
		expect(view).toMatchObject({ partlyDelivered: true, owedUnits: 0 })
		expect(view.full && deliveryText(view.deliveryContent, translator('en'), 'en')).toContain('MIX-0001-XQ7K')
	})
})
