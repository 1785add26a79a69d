// The buyer's view records that they saw their delivered codes only when there is something new to
// see (ADR-030, "A seen unit is never sold again"): the order page polls and My orders lists many
// orders, so a view of codes already seen writes nothing; a unit delivered after a view is seen on the
// next one; two views at once of a fresh delivery both show it and record it once. PGlite and PostgreSQL.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { orders } from '../../app/db/schema'
import { revealOrder } from '../../app/domain/orders/reveal-delivery.server'
import { deliverQueuedOrders } from '../../app/domain/stock/deliver-stock.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { orderStockUnits } from '../../app/domain/stock/order-stock.server'
import { codes, giftCardWithTwoOptions } from '../setup/catalogue'
import { owner, payByTransfer } from '../setup/orders'
import { checkoutBody, orderRow, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

/** The order's row as stored: when the buyer last saw it, and the row version (it changes with every write of the row). */
async function stored(db: Db, orderId: number) {
	const { rows } = await db.execute<{ seen: string | null; version: string }>(sql`select delivery_seen_at::text as seen, xmin::text as version from ${orders} where ${orders.id} = ${orderId}`)
	return rows[0]!
}

/**
 * Counts every write of orders.delivery_seen_at while `run` runs (a trigger on the column, removed
 * after): how many times the views recorded the moment, whatever value they wrote.
 */
async function countSeenWrites(db: Db, run: () => Promise<unknown>): Promise<number> {
	await db.execute(sql`create sequence test_seen_writes`)
	await db.execute(sql.raw(`create function test_count_seen_write() returns trigger language plpgsql as $$ begin perform nextval('test_seen_writes'); return new; end $$`))
	await db.execute(sql`create trigger test_count_seen_write after update of delivery_seen_at on orders for each row execute function test_count_seen_write()`)
	try {
		await run()
		const { rows } = await db.execute<{ n: string }>(sql`select case when is_called then last_value else 0 end as n from test_seen_writes`)
		return Number(rows[0]!.n)
	} finally {
		await db.execute(sql`drop trigger test_count_seen_write on orders`)
		await db.execute(sql`drop function test_count_seen_write()`)
		await db.execute(sql`drop sequence test_seen_writes`)
	}
}

describe.each(databaseKinds)('a view records the delivery seen only when it shows something new, on %s', (kind) => {
	const database = useTestDatabase(kind)

	/** Sara's transfer for `quantity` $10 cards of a product stocked with `stocked` codes, confirmed by staff: delivered from stock as far as it goes. */
	async function paidOrder(stocked: number, quantity: number) {
		const { db } = database
		const card = await giftCardWithTwoOptions(db, 'PSN Card (seen)')
		if (stocked) await importStock(db, owner, card.productId, { variantId: card.ten, kind: 'code', units: codes('SEEN', stocked) })
		const placed = await placeOrder(db, checkoutBody([{ id: card.productId, quantity, variantId: card.ten }], { paymentMethod: 'manual', customerEmail: 'sara@example.pk', customerName: 'Sara Ahmed' }))
		await payByTransfer(db, placed)
		return { card, order: (await orderRow(db, placed.orderNumber))! }
	}
	const seenUnits = async (orderId: number) => (await orderStockUnits(database.db, orderId)).map((u) => u.seenByBuyer)
	const shows = (view: Awaited<ReturnType<typeof revealOrder>>) => JSON.stringify(view.deliveryContent)

	it('a second view of codes already seen writes nothing: the seen moment and the row stay as they were', async () => {
		const { db } = database
		const { order } = await paidOrder(1, 1)
		expect((await stored(db, order.id)).seen).toBeNull()

		expect(shows(await revealOrder(db, order))).toContain('SEEN-0001-XQ7K')
		const first = await stored(db, order.id)
		expect(first.seen).not.toBeNull()
		expect(await seenUnits(order.id)).toEqual([true])

		const again = (await orderRow(db, order.orderNumber))!
		const writes = await countSeenWrites(db, async () => {
			expect(shows(await revealOrder(db, again))).toContain('SEEN-0001-XQ7K')
			expect(shows(await revealOrder(db, again))).toContain('SEEN-0001-XQ7K')
		})
		expect(writes).toBe(0)
		expect(await stored(db, order.id)).toEqual(first)
		expect(await seenUnits(order.id)).toEqual([true])
	})

	it('a unit delivered after a view is not seen until the next view shows it', async () => {
		const { db } = database
		const { card, order } = await paidOrder(1, 2)
		expect(shows(await revealOrder(db, order))).toContain('SEEN-0001-XQ7K')
		const firstSeen = (await stored(db, order.id)).seen

		// The second code arrives and serves the waiting order.
		await importStock(db, owner, card.productId, { variantId: card.ten, kind: 'code', units: [{ code: 'LATER-0002-ZZ9P' }] })
		expect((await deliverQueuedOrders(db)).served).toBe(1)
		expect(await seenUnits(order.id)).toEqual([true, false])

		const later = (await orderRow(db, order.orderNumber))!
		expect(shows(await revealOrder(db, later))).toContain('LATER-0002-ZZ9P')
		expect((await stored(db, order.id)).seen).not.toBe(firstSeen)
		expect(await seenUnits(order.id)).toEqual([true, true])
	})

	it('two views at once of a fresh delivery both show it and record it once', async () => {
		const { db } = database
		const { order } = await paidOrder(1, 1)
		let views: Awaited<ReturnType<typeof revealOrder>>[] = []
		const writes = await countSeenWrites(db, async () => {
			views = await Promise.all([revealOrder(db, order), revealOrder(db, order)])
		})
		for (const view of views) expect(shows(view)).toContain('SEEN-0001-XQ7K')
		expect(writes).toBe(1)
		expect(await seenUnits(order.id)).toEqual([true])
		const [row] = await db.select({ seen: orders.deliverySeenAt }).from(orders).where(eq(orders.id, order.id))
		expect(row!.seen).not.toBeNull()
	})
})
