// Codes revealed with a record (ADR-050), on PGlite and PostgreSQL: the buyer's view shows each
// delivered unit hidden (its kind, never a character) until it is revealed; a reveal records one row per
// tap and one first reveal per unit, however many taps come at once; a refund reads the reveals unit by
// unit (a revealed unit is only voided, an unrevealed one of the same order goes back to stock); orders
// whose page showed their codes before reveals were recorded per unit count as revealed for the units
// they held then; staff reading an order's delivery on the console record a staff reveal of each unit.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderLines, stockAssignments, unitReveals } from '../../app/db/schema'
import { revealOrder, revealUnitOf } from '../../app/domain/orders/reveal-delivery.server'
import { revealOrderDelivery } from '../../app/domain/orders/reveal-order-delivery.server'
import { REVEALS_KEPT_PER_UNIT } from '../../app/domain/orders/unit-reveals.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { orderStockUnits } from '../../app/domain/stock/order-stock.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { staffActor } from '../../app/domain/staff/audit.server'
import { AppError } from '../../app/utils/app-error'
import { codes, giftCardWithTwoOptions } from '../setup/catalogue'
import { backdateOrders, owner, payByTransfer, refundMoney } from '../setup/orders'
import { checkoutBody, orderRow, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

describe.each(databaseKinds)('codes revealed with a record, on %s', (kind) => {
	const database = useTestDatabase(kind)
	const client = { address: '203.0.113.9', device: 'Mozilla/5.0 (Linux; Android 14) RevealTest' }

	/** Sara's transfer for `quantity` $10 cards, stocked with as many codes, confirmed by staff: delivered from stock. */
	async function paidOrder(quantity: number) {
		const { db } = database
		const card = await giftCardWithTwoOptions(db, 'PSN Card (reveal)')
		await importStock(db, owner, card.productId, { variantId: card.ten, kind: 'code', units: codes('RVL', quantity) })
		const placed = await placeOrder(db, checkoutBody([{ id: card.productId, quantity, variantId: card.ten }], { paymentMethod: 'manual', customerEmail: 'sara@example.pk', customerName: 'Sara Ahmed' }))
		await payByTransfer(db, placed)
		const order = (await orderRow(db, placed.orderNumber))!
		const held = await db.select({ id: stockAssignments.id }).from(stockAssignments).where(eq(stockAssignments.orderId, order.id)).orderBy(stockAssignments.unitIndex)
		return { placed, order, units: held.map((h) => h.id) }
	}
	const view = async (orderNumber: string) => JSON.stringify((await revealOrder(database.db, (await orderRow(database.db, orderNumber))!)).deliveryContent)
	const reveal = (orderId: number, unitId: number | 'hand', view: 'order-page' | 'my-orders' | 'api' = 'order-page') => revealUnitOf(database.db, { orderId, unitId, view, by: { kind: 'buyer' }, client })
	const rows = (orderId: number) => database.db.select().from(unitReveals).where(eq(unitReveals.orderId, orderId)).orderBy(unitReveals.id)

	it('each unit is hidden until revealed: a reveal hands over that unit alone, records it, and later views show it without another tap', async () => {
		const { order, units } = await paidOrder(2)
		const before = await view(order.orderNumber)
		expect(before).not.toContain('RVL-')
		expect(before).toContain(`{"id":${units[0]},"kind":"hidden","of":"code"}`)
		expect(before).toContain(`{"id":${units[1]},"kind":"hidden","of":"code"}`)
		expect(await rows(order.id)).toEqual([])

		expect(await reveal(order.id, units[0]!)).toEqual({ unitId: units[0], unit: { id: units[0], kind: 'code', code: 'RVL-0001-XQ7K' } })
		const [row, ...more] = await rows(order.id)
		expect(more).toEqual([])
		expect(row).toMatchObject({ assignmentId: units[0], first: true, view: 'order-page', byKind: 'buyer', staffId: null })
		// The client is kept as keyed hashes, never as it came.
		expect(row!.addressHash).toMatch(/^[0-9a-f]{64}$/)
		expect(row!.deviceHash).toMatch(/^[0-9a-f]{64}$/)
		expect(JSON.stringify(row)).not.toContain('203.0.113.9')

		const after = await view(order.orderNumber)
		expect(after).toContain('RVL-0001-XQ7K')
		expect(after).not.toContain('RVL-0002')
		expect(after).toContain(`{"id":${units[1]},"kind":"hidden","of":"code"}`)
		expect((await orderStockUnits(database.db, order.id)).map((u) => u.seenByBuyer)).toEqual([true, false])
		// Viewing again records nothing.
		await view(order.orderNumber)
		expect(await rows(order.id)).toHaveLength(1)
	})

	it('taps at once and again record one first reveal, and repeats only up to a bound', async () => {
		const { order, units } = await paidOrder(1)
		const answers = await Promise.all([reveal(order.id, units[0]!), reveal(order.id, units[0]!, 'my-orders'), reveal(order.id, units[0]!, 'api')])
		for (const answer of answers) expect(answer).toMatchObject({ unit: { code: 'RVL-0001-XQ7K' } })
		const recorded = await rows(order.id)
		expect(recorded).toHaveLength(3)
		expect(recorded.filter((r) => r.first)).toHaveLength(1)
		for (let i = 0; i < REVEALS_KEPT_PER_UNIT + 5; i++) await reveal(order.id, units[0]!)
		expect(await rows(order.id)).toHaveLength(REVEALS_KEPT_PER_UNIT + 1)
	})

	it('a refund reads reveals unit by unit: the unrevealed code goes back to stock, the revealed one can only be voided', async () => {
		const { placed, order, units } = await paidOrder(2)
		await reveal(order.id, units[0]!)
		const [line] = await database.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order.id))
		// The unit not revealed goes back.
		const back = await refundMoney(database.db, placed, 3200, { lines: [{ lineId: line!.id, quantity: 1, delivered: [units[1]] }], units: 'return' })
		expect(back.lines).toMatchObject([{ returned: 1, voided: 0 }])
		// The revealed one cannot.
		await expect(refundMoney(database.db, placed, 3200, { lines: [{ lineId: line!.id, quantity: 1, delivered: [units[0]] }], units: 'return' })).rejects.toThrow(/already opened the code/)
		// A unit no longer held cannot be revealed: the buyer is told so.
		await expect(reveal(order.id, units[1]!)).rejects.toThrow(AppError)
		await expect(reveal(order.id, units[1]!)).rejects.toMatchObject({ status: 404 })
	})

	it('an order shown before reveals were recorded per unit counts as revealed for the units it held then', async () => {
		const { order, units } = await paidOrder(1)
		await backdateOrders(database.db, order.orderNumber, { deliverySeenAt: new Date(Date.now() + 60_000) })
		expect(await view(order.orderNumber)).toContain('RVL-0001-XQ7K')
		expect((await orderStockUnits(database.db, order.id)).map((u) => u.seenByBuyer)).toEqual([true])
		expect(units).toHaveLength(1)
	})

	it('staff reading the delivery on the console record a staff reveal of each unit, which makes it seen', async () => {
		const { order, units } = await paidOrder(2)
		const staff = await createStaff(database.db, { email: 'amna@example.pk', name: 'Amna', role: 'owner', password: 'reveal-password-1' })
		expect(await revealOrderDelivery(database.db, staffActor({ ...staff, role: 'owner', grants: [] }), order.orderNumber)).toContain('RVL-0002')
		const recorded = await rows(order.id)
		expect(recorded.map((r) => [r.assignmentId, r.first, r.view, r.byKind, r.staffName, r.staffId])).toEqual([
			[units[0], true, 'staff', 'staff', 'amna@example.pk', staff.id],
			[units[1], true, 'staff', 'staff', 'amna@example.pk', staff.id],
		])
		expect((await orderStockUnits(database.db, order.id)).map((u) => [u.seenByBuyer, u.reveal.first?.by])).toEqual([
			[true, 'amna@example.pk'],
			[true, 'amna@example.pk'],
		])
	})
})
