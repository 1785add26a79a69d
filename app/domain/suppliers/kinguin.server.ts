import { z } from 'zod'
import { SupplierError, type BuyRequest, type SupplierAccount, type SupplierClient, type SupplierCurrency, type SupplierOrder, type SupplierQuote } from './supplier-client'

// Kinguin's eCommerce API (its public documentation, v1 and v2), written for the shop: the key in
// X-Api-Key; a product by its productId (/v2/products/{id}), the search (/v1/products?name=), an
// order placed with our idempotency key as its orderExternalId (POST /v2/order), found again by it
// (/v1/order?orderExternalId=), its keys (/v2/order/{id}/keys, paged), the balance (/v1/balance).
// Errors come as {kind, status, detail}; the kinds that say "still processing" are retryable.

/** Kinguin's eCommerce API prices offers and keeps the balance in euros, whatever the product's name says. */
export const KINGUIN_CURRENCY: SupplierCurrency = 'EUR'

/** Kinguin's addresses: production (the gateway it recommends) and its sandbox. */
export const KINGUIN_BASE_URLS = { live: 'https://gateway.kinguin.net/esa/api', sandbox: 'https://gateway.sandbox.kinguin.net/esa/api' } as const

const product = z.object({
	productId: z.string(),
	name: z.string().default(''),
	price: z.number().nonnegative().nullable().optional(),
	qty: z.number().int().nullable().optional(),
	textQty: z.number().int().nullable().optional(),
})
const order = z.object({
	orderId: z.string().min(1),
	status: z.string().optional(),
	products: z.array(z.object({ qty: z.number().int().optional(), price: z.number().nullable().optional() })).optional(),
})
const key = z.object({ serial: z.string(), type: z.string().optional() })
const errorBody = z.object({ kind: z.string().optional(), detail: z.string().optional() }).passthrough()

/** Kinds Kinguin marks retryable: the order exists and is still being dispatched. */
const STILL_PROCESSING = new Set(['OrderHold', 'OrderNotDispatchedYet', 'OrderPartiallyDispatched', 'ProcessingPreorder'])
const MAX_KEY_PAGES = 10

const cents = (price: number | null | undefined) => (price == null ? null : Math.round(price * 100))

function quoteOf(p: z.infer<typeof product>): SupplierQuote {
	return { productId: p.productId, name: p.name, unitPriceCents: cents(p.price) ?? 0, available: Math.max(0, p.textQty ?? p.qty ?? 0) }
}

function orderOf(o: z.infer<typeof order>): SupplierOrder {
	const line = o.products?.[0]
	return { supplierOrderId: o.orderId, unitPriceCents: cents(line?.price), quantity: line?.qty ?? 0, state: o.status === 'completed' ? 'completed' : 'processing' }
}

export function kinguinClient(account: Pick<SupplierAccount, 'baseUrl' | 'apiKey' | 'timeoutMs'>): SupplierClient {
	const base = account.baseUrl.replace(/\/+$/, '')

	async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
		let res: Awaited<ReturnType<typeof fetch>>
		try {
			res = await fetch(`${base}${path}`, {
				method,
				headers: { 'X-Api-Key': account.apiKey, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(account.timeoutMs),
			})
		} catch (error) {
			const name = error instanceof Error ? error.name : ''
			if (name === 'TimeoutError' || name === 'AbortError') throw new SupplierError('timeout', `Kinguin did not answer within ${account.timeoutMs} ms`)
			throw new SupplierError('unavailable', `Kinguin could not be reached: ${error instanceof Error ? error.message : String(error)}`)
		}
		let json: unknown = null
		try {
			const text = await res.text()
			json = text ? JSON.parse(text) : null
		} catch (error) {
			const name = error instanceof Error ? error.name : ''
			if (name === 'TimeoutError' || name === 'AbortError') throw new SupplierError('timeout', `Kinguin did not finish its answer within ${account.timeoutMs} ms`)
			if (res.ok) throw new SupplierError('unavailable', `Kinguin answered ${res.status} with something that is not JSON`)
		}
		return { status: res.status, json }
	}

	function refusal(status: number, json: unknown, context: 'product' | 'buy' | 'other'): SupplierError {
		const parsed = errorBody.safeParse(json)
		const kind = parsed.success ? parsed.data.kind : undefined
		const detail = (parsed.success ? parsed.data.detail : undefined) ?? `HTTP ${status}`
		if (status === 401 || status === 403 || kind === 'Authorization') return new SupplierError('auth', `Kinguin refused the API key: ${detail}`)
		if (status >= 500 || status === 429) return new SupplierError('unavailable', `Kinguin answered ${status}: ${detail}`)
		if (kind === 'InsufficientBalance' || kind === 'BalanceRequired') return new SupplierError('balance', `Kinguin: ${detail}`)
		if (kind === 'ProductUnavailable') return new SupplierError(/price/i.test(detail) ? 'price' : 'gone', `Kinguin: ${detail}`)
		if (status === 404 && context === 'product') return new SupplierError('gone', `Kinguin: ${detail}`)
		return new SupplierError('refused', `Kinguin refused (${status}${kind ? `, ${kind}` : ''}): ${detail}`)
	}

	function parsed<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
		const result = schema.safeParse(json)
		if (!result.success) throw new SupplierError('unavailable', `Kinguin's ${what} is not as documented`)
		return result.data
	}

	return {
		currency: KINGUIN_CURRENCY,

		async quote(productId) {
			const { status, json } = await call('GET', `/v2/products/${encodeURIComponent(productId)}`)
			if (status === 404) return null
			if (status !== 200) throw refusal(status, json, 'product')
			return quoteOf(parsed(product, json, 'product'))
		},

		async buy({ idempotencyKey, productId, quantity, maxUnitPriceCents }: BuyRequest) {
			const { status, json } = await call('POST', '/v2/order', {
				products: [{ productId, qty: quantity, price: maxUnitPriceCents / 100, keyType: 'text' }],
				orderExternalId: idempotencyKey,
			})
			if (status !== 201 && status !== 200) throw refusal(status, json, 'buy')
			return orderOf(parsed(order, json, 'order'))
		},

		async keysOf(supplierOrderId) {
			const keys: string[] = []
			for (let page = 1; page <= MAX_KEY_PAGES; page++) {
				const { status, json } = await call('GET', `/v2/order/${encodeURIComponent(supplierOrderId)}/keys?page=${page}&limit=100`)
				if (status !== 200) {
					const kind = errorBody.safeParse(json).data?.kind
					// Still being dispatched: no keys yet (or no more on this page).
					if (kind && STILL_PROCESSING.has(kind)) return keys
					throw refusal(status, json, 'other')
				}
				const list = parsed(z.array(key), json, 'key list')
				// Only text keys: the order asks for them (keyType text); an image key is left for staff.
				keys.push(...list.filter((k) => !k.type || k.type === 'text/plain').map((k) => k.serial.trim()).filter(Boolean))
				if (list.length < 100) break
			}
			return keys
		},

		async findOrder(idempotencyKey) {
			const { status, json } = await call('GET', `/v1/order?orderExternalId=${encodeURIComponent(idempotencyKey)}`)
			if (status !== 200) throw refusal(status, json, 'other')
			const { results } = parsed(z.object({ results: z.array(order) }), json, 'order search')
			return results[0] ? orderOf(results[0]) : null
		},

		async balance() {
			const { status, json } = await call('GET', '/v1/balance')
			if (status !== 200) throw refusal(status, json, 'other')
			return { cents: cents(parsed(z.object({ balance: z.number() }), json, 'balance').balance) ?? 0 }
		},

		async search(query) {
			const name = query.trim()
			// Kinguin searches names of three characters or more.
			if (name.length < 3) return []
			const { status, json } = await call('GET', `/v1/products?name=${encodeURIComponent(name.slice(0, 100))}&limit=25`)
			if (status !== 200) throw refusal(status, json, 'other')
			return parsed(z.object({ results: z.array(product) }), json, 'product search').results.map(quoteOf)
		},
	}
}
