// A stand-in for Kinguin's eCommerce API (a supplier the shop buys codes from, ADR-053), served over
// real HTTP on a local port: the same protocol handler as the shop's own /supplier-sim
// (app/integrations/kinguin/simulator.server.ts), with its knobs for tests: latency, an error status,
// no answer at all, the order taken and its answer lost, fewer keys than asked, a price change, a
// product gone. It counts the orders made per idempotency key (orderExternalId).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { kinguinProtocol, type KinguinProtocol, type SimProduct } from '../../app/integrations/kinguin/simulator.server'

export interface FakeKinguin extends Omit<KinguinProtocol, 'handle'> {
	url: string
	apiKey: string
	/** The product's price from now on (cents). */
	setPrice(productId: string, cents: number): void
	/** The supplier stops selling the product. */
	remove(productId: string): void
	/** Every key given out so far. */
	allKeys(): string[]
	close(): Promise<void>
}

export const FAKE_KINGUIN_KEY = 'fake-kinguin-key'

export async function startFakeKinguin({ products }: { products?: SimProduct[] } = {}): Promise<FakeKinguin> {
	const protocol = kinguinProtocol({ apiKey: FAKE_KINGUIN_KEY, ...(products ? { products } : {}) })
	const server = http.createServer((req, res) => protocol.handle(req, res))
	server.keepAliveTimeout = 1000
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	const { handle: _handle, ...rest } = protocol
	return Object.assign(rest, {
		url: `http://127.0.0.1:${port}`,
		apiKey: FAKE_KINGUIN_KEY,
		setPrice(productId: string, cents: number) {
			const p = protocol.products.get(productId)
			if (p) p.priceCents = cents
		},
		remove(productId: string) {
			protocol.products.delete(productId)
		},
		allKeys: () => [...protocol.orders.values()].flatMap((o) => o.keys),
		async close() {
			protocol.release()
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	})
}
