// The shop's own supplier simulator keeps its orders in the database (ADR-055): a purchase whose
// answer was lost, resumed after the shop restarted (the simulator's memory gone), finds the order it
// placed by its key instead of buying again, and the buyer gets the code the simulator gave then.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { supplierPurchases, supplierSimOrders } from '../../app/db/schema'
import { buyFromSuppliers } from '../../app/domain/suppliers/buy-from-suppliers.server'
import { forgetSupplierAvailability } from '../../app/domain/suppliers/supplier-availability.server'
import { simOrderStore } from '../../app/integrations/kinguin/sim-order-store.server'
import { kinguinProtocol, SUPPLIER_SIMULATOR, type KinguinProtocol } from '../../app/integrations/kinguin/simulator.server'
import { payByProvider } from '../setup/orders'
import { checkoutBody, orderRow, placeOrder } from '../setup/payments'
import { PSN10, suppliedOption } from '../setup/suppliers'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

/** The simulator as the shop serves it: its orders in the database, on a port that stays the same across a restart. */
async function serveSimulator(db: Db, port = 0): Promise<{ protocol: KinguinProtocol; url: string; port: number; stop: () => Promise<void> }> {
	const protocol = kinguinProtocol({ products: [PSN10], store: simOrderStore(db) })
	const server = http.createServer((req, res) => protocol.handle(req, res))
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const bound = (server.address() as AddressInfo).port
	return {
		protocol,
		url: `http://127.0.0.1:${bound}`,
		port: bound,
		stop: async () => {
			protocol.release()
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

describe.each(databaseKinds)('the built-in supplier simulator across a restart on %s', (kind) => {
	const database = useTestDatabase(kind)
	const running: { stop: () => Promise<void> }[] = []
	beforeEach(() => forgetSupplierAvailability())
	afterEach(async () => {
		for (const sim of running.splice(0)) await sim.stop()
	})

	it('finds the order a purchase placed before the restart, and delivers its code without buying again', async () => {
		const { db } = database
		const before = await serveSimulator(db)
		running.push(before)
		const { productId, variantId } = await suppliedOption(db, [{ url: before.url, apiKey: SUPPLIER_SIMULATOR.apiKey }])
		const order = await payByProvider(db, await placeOrder(db, checkoutBody([{ id: productId, variantId, quantity: 1 }])))

		// The simulator takes the order, and its answer is lost on the way: the purchase is asked again later.
		before.protocol.fail('buy', { kind: 'drop-answer' })
		expect(await buyFromSuppliers(db, order.id)).toMatchObject({ retryLater: true, delivered: 0 })
		const [placed] = [...before.protocol.orders.values()]
		expect(placed).toBeDefined()
		expect(await db.select({ orderId: supplierSimOrders.orderId, external: supplierSimOrders.orderExternalId }).from(supplierSimOrders)).toEqual([{ orderId: placed!.orderId, external: placed!.orderExternalId }])

		// The shop restarts: a new simulator on the same address, with nothing in memory.
		await running.pop()!.stop()
		const after = await serveSimulator(db, before.port)
		running.push(after)
		expect(after.protocol.orders.size).toBe(0)

		// The first call after the restart may meet a connection the old process left: asked again, as the job would.
		let resumed = await buyFromSuppliers(db, order.id)
		for (let n = 0; n < 2 && resumed.retryLater; n++) resumed = await buyFromSuppliers(db, order.id)
		expect(resumed).toEqual({ retryLater: false, delivered: 1 })
		// Found by its key, not bought again: the restarted simulator took no order, and the row is the one placed before.
		expect(after.protocol.calls.find).toBeGreaterThanOrEqual(1)
		expect(after.protocol.purchasesPerKey().size).toBe(0)
		expect(await db.select().from(supplierSimOrders)).toHaveLength(1)
		const [purchase] = await db.select().from(supplierPurchases).where(eq(supplierPurchases.orderId, order.id))
		expect(purchase).toMatchObject({ status: 'delivered', supplierOrderId: placed!.orderId, keysReceived: 1 })
		expect((await orderRow(db, order.orderNumber))!.deliveryStatus).toBe('completed')

		// Its next order is numbered after the kept ones: no two orders share an id.
		const second = await payByProvider(db, await placeOrder(db, checkoutBody([{ id: productId, variantId, quantity: 1 }])))
		expect(await buyFromSuppliers(db, second.id)).toEqual({ retryLater: false, delivered: 1 })
		const ids = (await db.select({ orderId: supplierSimOrders.orderId }).from(supplierSimOrders)).map((r) => r.orderId).sort()
		expect(ids).toEqual([placed!.orderId, 'SIM00000002'])
	})
})
