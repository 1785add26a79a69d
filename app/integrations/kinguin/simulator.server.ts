import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

// A wholesaler speaking Kinguin's eCommerce API (its public documentation: X-Api-Key; GET
// /v1/products, /v2/products/{productId}; POST /v2/order; GET /v1/order?orderExternalId=,
// /v1/order/{orderId}, /v2/order/{orderId}/keys; GET /v1/balance), answered from memory. The shop
// serves it under /supplier-sim while no real supplier is connected (a SIMULATOR: nothing is
// bought, its codes are made up), and tests run it as a real local HTTP server with knobs
// (tests/fakes/kinguin-server.ts): the same handler, so the adapter is tested against one protocol.
// The shop's own keeps its orders in the database too (a store, ADR-055): an order is written before
// its answer leaves, and read back after a restart, so a resumed purchase finds it by its external id.

/** The simulator's fixed key: it runs only for the demo supplier the shop makes itself. */
export const SUPPLIER_SIMULATOR = { apiKey: 'simulator-kinguin-key', basePath: '/supplier-sim' }

export interface SimProduct {
	productId: string
	kinguinId: number
	name: string
	/** Price of one unit, in cents. */
	priceCents: number
	qty: number
}

export interface SimOrder {
	orderId: string
	orderExternalId: string | null
	productId: string
	qty: number
	priceCents: number
	createdAt: string
	/** Keys dispatched so far. */
	keys: string[]
	/** Keys still to come (a short dispatch); `dispatch()` sends them. */
	owed: number
}

/** Where a simulator keeps its orders beyond its memory: loaded once before the first answer, each order saved before its answer. */
export interface SimOrderStore {
	load(): Promise<SimOrder[]>
	save(order: SimOrder): Promise<void>
}

/** A failure the next calls get, for tests: an error status, no answer at all, or the order taken and its answer lost. */
export type SimFailure = { kind: 'status'; status: number; body?: unknown } | { kind: 'timeout' } | { kind: 'drop-answer' }

export type SimEndpoint = 'product' | 'search' | 'buy' | 'order' | 'find' | 'keys' | 'balance'

export interface KinguinProtocol {
	handle(req: IncomingMessage, res: ServerResponse): void
	products: Map<string, SimProduct>
	orders: Map<string, SimOrder>
	/** Orders created per orderExternalId: a correct shop makes one per key, ever. */
	purchasesPerKey(): Map<string, number>
	/** Requests per endpoint. */
	calls: Record<SimEndpoint, number>
	knobs: {
		/** Every answer waits this long (ms). */
		latencyMs: number
		/** Keys withheld from each new order (fewer keys than asked), until `dispatch`. */
		shortKeys: number
		balanceCents: number
	}
	/** The next `times` calls to `endpoint` fail this way. */
	fail(endpoint: SimEndpoint, failure: SimFailure, times?: number): void
	/** Sends an order's withheld keys. */
	dispatch(orderId: string): void
	/** Ends every answer held open (timeouts) so the server can close. */
	release(): void
	reset(): void
}

/** The simulator's catalogue: gift cards and subscriptions a Pakistani gaming shop resells. */
export function simulatorProducts(): SimProduct[] {
	return [
		{ productId: 'sim-steam-20', kinguinId: 9001, name: 'Steam Gift Card 20 USD (simulator)', priceCents: 2050, qty: 500 },
		{ productId: 'sim-psn-10', kinguinId: 9002, name: 'PlayStation Store Gift Card 10 USD (simulator)', priceCents: 1040, qty: 500 },
		{ productId: 'sim-xbox-gpu-1m', kinguinId: 9003, name: 'Xbox Game Pass Ultimate 1 Month (simulator)', priceCents: 1390, qty: 500 },
		{ productId: 'sim-valorant-1000', kinguinId: 9004, name: 'Valorant 1000 VP (simulator)', priceCents: 980, qty: 500 },
		{ productId: 'sim-google-play-10', kinguinId: 9005, name: 'Google Play Gift Card 10 USD (simulator)', priceCents: 1060, qty: 500 },
	]
}

const MAX_BODY = 64 * 1024

function newKey(): string {
	const part = () => crypto.randomBytes(4).toString('hex').toUpperCase().slice(0, 5)
	return `SIM-${part()}-${part()}-${part()}`
}

function productJson(p: SimProduct) {
	const price = p.priceCents / 100
	return {
		kinguinId: p.kinguinId,
		productId: p.productId,
		name: p.name,
		originalName: p.name,
		platform: 'Simulator',
		qty: p.qty,
		textQty: p.qty,
		price,
		cheapestOfferId: [`offer-${p.productId}`],
		offers: [{ name: p.name, offerId: `offer-${p.productId}`, price, qty: p.qty, textQty: p.qty, merchantName: 'Simulator', isPreorder: false }],
		offersCount: 1,
		totalQty: p.qty,
		isPreorder: false,
		updatedAt: new Date().toISOString(),
	}
}

function orderJson(o: SimOrder, products: Map<string, SimProduct>) {
	const price = o.priceCents / 100
	return {
		orderId: o.orderId,
		orderExternalId: o.orderExternalId,
		status: o.owed > 0 ? 'processing' : 'completed',
		totalPrice: (o.priceCents * o.qty) / 100,
		requestTotalPrice: (o.priceCents * o.qty) / 100,
		paymentPrice: (o.priceCents * o.qty) / 100,
		storeId: 1,
		createdAt: o.createdAt,
		products: [{ productId: o.productId, kinguinId: products.get(o.productId)?.kinguinId ?? 0, qty: o.qty, name: products.get(o.productId)?.name ?? o.productId, price, requestPrice: price, keyType: 'text', accurate: true, isPreorder: false }],
		isPreorder: false,
	}
}

const error = (status: number, kind: string, detail: string) => ({ status, body: { kind, status, title: kind, detail } })

export function kinguinProtocol({ apiKey = SUPPLIER_SIMULATOR.apiKey, products: initial = simulatorProducts(), store }: { apiKey?: string; products?: SimProduct[]; store?: SimOrderStore } = {}): KinguinProtocol {
	const products = new Map<string, SimProduct>()
	const orders = new Map<string, SimOrder>()
	const perKey = new Map<string, number>()
	const calls: Record<SimEndpoint, number> = { product: 0, search: 0, buy: 0, order: 0, find: 0, keys: 0, balance: 0 }
	const failures = new Map<SimEndpoint, { failure: SimFailure; left: number }[]>()
	const held = new Set<ServerResponse>()
	const knobs = { latencyMs: 0, shortKeys: 0, balanceCents: 100_000_00 }
	let nextOrder = 1
	const load = () => {
		products.clear()
		for (const p of initial) products.set(p.productId, { ...p })
	}
	load()
	// The orders kept before a restart, read once: the first request waits for them.
	let stored: Promise<void> | null = null
	const ready = () =>
		(stored ??= store
			? store.load().then(
					(kept) => {
						for (const o of kept) {
							orders.set(o.orderId, o)
							nextOrder = Math.max(nextOrder, Number(o.orderId.replace(/\D/g, '')) + 1 || nextOrder)
						}
					},
					(error: unknown) => {
						// Asked again on the next request rather than answering without the kept orders.
						stored = null
						throw error
					},
				)
			: Promise.resolve())

	const send = (res: ServerResponse, status: number, body: unknown) => {
		if (res.writableEnded || res.destroyed) return
		res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Simulator': 'kinguin' })
		res.end(JSON.stringify(body))
	}

	function takeFailure(endpoint: SimEndpoint): SimFailure | null {
		const queue = failures.get(endpoint)
		const first = queue?.[0]
		if (!first) return null
		if (--first.left <= 0) queue.shift()
		return first.failure
	}

	type Answer = { status: number; body: unknown }
	function route(method: string, url: URL, body: unknown): { endpoint: SimEndpoint; run: () => Answer | Promise<Answer> } | null {
		const path = url.pathname.replace(/\/+$/, '')
		let m: RegExpMatchArray | null
		if (method === 'GET' && path === '/v1/products') {
			return {
				endpoint: 'search',
				run: () => {
					const name = (url.searchParams.get('name') ?? '').toLowerCase()
					const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit')) || 25))
					const results = [...products.values()].filter((p) => !name || p.name.toLowerCase().includes(name)).slice(0, limit)
					return { status: 200, body: { results: results.map(productJson), item_count: results.length } }
				},
			}
		}
		if (method === 'GET' && (m = path.match(/^\/v2\/products\/([^/]+)$/))) {
			const id = decodeURIComponent(m[1]!)
			return {
				endpoint: 'product',
				run: () => {
					const p = products.get(id)
					return p ? { status: 200, body: productJson(p) } : error(404, 'Http', `Product ${id} not found`)
				},
			}
		}
		if (method === 'POST' && path === '/v2/order') {
			return {
				endpoint: 'buy',
				run: () => {
					const input = body as { products?: { productId?: unknown; qty?: unknown; price?: unknown }[]; orderExternalId?: unknown } | null
					const line = input?.products?.[0]
					if (!line || typeof line.productId !== 'string' || !Number.isInteger(line.qty) || typeof line.price !== 'number' || input!.products!.length !== 1) {
						return error(400, 'ConstraintViolation', 'Invalid "products" property.')
					}
					const qty = line.qty as number
					if (qty < 1 || qty > 9) return error(400, 'ConstraintViolation', 'Invalid "products.qty" property. The qty limit per offer is 9.')
					const p = products.get(line.productId)
					if (!p) return error(400, 'ProductUnavailable', 'Product has been sold or is not active.')
					if (p.priceCents > Math.round(line.price * 100)) return error(400, 'ProductUnavailable', `No offer at or below the requested price ${line.price}: the price is ${p.priceCents / 100}.`)
					if (p.qty < qty) return error(400, 'ProductUnavailable', `Only ${p.qty} left.`)
					if (knobs.balanceCents < p.priceCents * qty) return error(400, 'InsufficientBalance', 'There are not enough funds to place order.')
					const external = typeof input!.orderExternalId === 'string' ? input!.orderExternalId : null
					p.qty -= qty
					knobs.balanceCents -= p.priceCents * qty
					const owed = Math.min(qty, knobs.shortKeys)
					const order: SimOrder = { orderId: `SIM${String(nextOrder++).padStart(8, '0')}`, orderExternalId: external, productId: p.productId, qty, priceCents: p.priceCents, createdAt: new Date().toISOString(), keys: Array.from({ length: qty - owed }, newKey), owed }
					orders.set(order.orderId, order)
					if (external) perKey.set(external, (perKey.get(external) ?? 0) + 1)
					const answer = { status: 201, body: orderJson(order, products) }
					// Kept before it is answered: an order the shop was told of is never forgotten by a restart.
					return store ? store.save(order).then(() => answer) : answer
				},
			}
		}
		if (method === 'GET' && path === '/v1/order') {
			return {
				endpoint: 'find',
				run: () => {
					const external = url.searchParams.get('orderExternalId')
					const results = [...orders.values()].filter((o) => !external || o.orderExternalId === external)
					return { status: 200, body: { results: results.slice(0, 100).map((o) => orderJson(o, products)), item_count: results.length } }
				},
			}
		}
		if (method === 'GET' && (m = path.match(/^\/v2\/order\/([^/]+)\/keys$/))) {
			const id = decodeURIComponent(m[1]!)
			return {
				endpoint: 'keys',
				run: () => {
					const o = orders.get(id)
					if (!o) return error(404, 'OrderNotFound', `Order ${id} not found`)
					const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
					const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit')) || 25))
					const name = products.get(o.productId)?.name ?? o.productId
					return { status: 200, body: o.keys.slice((page - 1) * limit, page * limit).map((serial) => ({ serial, type: 'text/plain', name, productId: o.productId, offerId: `offer-${o.productId}` })) }
				},
			}
		}
		if (method === 'GET' && (m = path.match(/^\/v1\/order\/([^/]+)$/))) {
			const id = decodeURIComponent(m[1]!)
			return {
				endpoint: 'order',
				run: () => {
					const o = orders.get(id)
					return o ? { status: 200, body: orderJson(o, products) } : error(404, 'OrderNotFound', `Order ${id} not found`)
				},
			}
		}
		if (method === 'GET' && path === '/v1/balance') return { endpoint: 'balance', run: () => ({ status: 200, body: { balance: knobs.balanceCents / 100 } }) }
		return null
	}

	function handle(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = []
		let size = 0
		req.on('data', (c: Buffer) => {
			size += c.length
			if (size <= MAX_BODY) chunks.push(c)
		})
		req.on('end', () => {
			if (size > MAX_BODY) return send(res, 413, error(413, 'Http', 'Request body too large').body)
			const supplied = req.headers['x-api-key'] ?? req.headers['api-ecommerce-auth']
			if (supplied !== apiKey) return send(res, 401, error(401, 'Authorization', 'Invalid authentication data.').body)
			let body: unknown = null
			try {
				body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null
			} catch {
				return send(res, 400, error(400, 'Http', 'Invalid JSON').body)
			}
			const url = new URL(req.url ?? '/', 'http://simulator.local')
			const found = route(req.method ?? 'GET', url, body)
			if (!found) return send(res, 404, error(404, 'Http', 'No route found').body)
			calls[found.endpoint]++
			const failure = takeFailure(found.endpoint)
			const answer = async () => {
				if (failure?.kind === 'timeout') {
					held.add(res)
					res.on('close', () => held.delete(res))
					return
				}
				if (failure?.kind === 'status') return send(res, failure.status, failure.body ?? error(failure.status, 'Error', 'Internal Server Error').body)
				await ready()
				const result = await found.run()
				if (failure?.kind === 'drop-answer') return void res.destroy()
				send(res, result.status, result.body)
			}
			// A store that cannot be read or written: a 503, which the shop asks again later.
			const run = () => void answer().catch(() => send(res, 503, error(503, 'Unavailable', 'The simulator could not keep its orders; try again.').body))
			if (knobs.latencyMs > 0) setTimeout(run, knobs.latencyMs)
			else run()
		})
	}

	const release = () => {
		for (const res of held) res.destroy()
		held.clear()
	}

	return {
		handle,
		products,
		orders,
		purchasesPerKey: () => new Map(perKey),
		calls,
		knobs,
		fail(endpoint, failure, times = 1) {
			const queue = failures.get(endpoint) ?? []
			queue.push({ failure, left: times })
			failures.set(endpoint, queue)
		},
		dispatch(orderId) {
			const o = orders.get(orderId)
			if (!o) return
			for (; o.owed > 0; o.owed--) o.keys.push(newKey())
			if (store) void store.save(o)
		},
		release,
		reset() {
			load()
			orders.clear()
			perKey.clear()
			failures.clear()
			for (const k of Object.keys(calls) as SimEndpoint[]) calls[k] = 0
			Object.assign(knobs, { latencyMs: 0, shortKeys: 0, balanceCents: 100_000_00 })
			release()
		},
	}
}

/**
 * A shop's own simulator, its orders kept in the store given (its database's, sim-order-store.server.ts):
 * one per shop, not per process, so a process that opens another database (the tests) never keeps
 * the orders of the one before in a store that is closed.
 */
export const supplierSimulator = (store?: SimOrderStore) => kinguinProtocol(store ? { store } : {})
