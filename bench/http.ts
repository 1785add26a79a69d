// Plain HTTP requests that send only the headers they are given (fetch adds Accept-Encoding by
// itself) and return the body exactly as it came over the wire (still compressed, if it was).
import http from 'node:http'
import { BENCH_STAFF } from './server.ts'

export interface RawResponse {
	status: number
	headers: http.IncomingHttpHeaders
	/** The raw header list, names spelled as the server sent them. */
	rawHeaders: string[]
	body: Buffer
}

export interface RawRequestOptions {
	headers?: Record<string, string>
	body?: string | Buffer
	timeoutMs?: number
	/** Called when the first chunk of the body arrives (a streamed answer's time to first byte). */
	onFirstByte?: () => void
}

export function rawRequest(method: string, url: string, options: RawRequestOptions = {}): Promise<RawResponse> {
	const body = options.body === undefined ? undefined : Buffer.from(options.body)
	const headers = { ...options.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) }
	return new Promise((resolve, reject) => {
		const req = http.request(url, { method, headers, agent: false, timeout: options.timeoutMs ?? 30_000 }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (chunk: Buffer) => {
				if (chunks.length === 0) options.onFirstByte?.()
				chunks.push(chunk)
			})
			res.on('end', () =>
				resolve({
					status: res.statusCode ?? 0,
					headers: res.headers,
					rawHeaders: res.rawHeaders,
					body: Buffer.concat(chunks),
				}),
			)
			res.on('error', reject)
		})
		req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)))
		req.on('error', reject)
		req.end(body)
	})
}

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
	return rawRequest('GET', url, { headers })
}

// The checkout, shared by the checkout and live sections (see app/domain/orders/checkout-input.ts).

/** A checkout key unique to this bench process: `bench-<run>-<tag>-<n>`, within [\w-]{16,64}. */
const RUN_ID = `${Date.now().toString(36)}${process.pid.toString(36)}`
export const checkoutKeyPrefix = (tag: string) => `bench-${RUN_ID}-${tag}-`
export const checkoutKey = (tag: string, n: number) => `${checkoutKeyPrefix(tag)}${String(n).padStart(6, '0')}`

/** A valid PayPro checkout of one $10 Xbox gift card (product 14). */
export function checkoutBody(key: string) {
	return {
		customerName: 'Bench Buyer',
		// A buyer of their own per checkout, as on a busy day: one address for all would make every
		// checkout wait on that buyer's figures row (customer_figures), which no real day does.
		customerEmail: `bench-${key.replace(/[^A-Za-z0-9]/g, '').slice(-24)}@example.com`,
		customerMobile: '03001234567',
		productDetails: [{ id: 14, quantity: 1, selectedDenomination: { value: 10 } }],
		checkoutKey: key,
		paymentMethod: 'paypro',
	}
}

export interface CheckoutAnswer {
	status?: string
	message?: string
	error?: string
	orderNumber?: string
	paymentUrl?: string
}

/** POST /api/checkout; throws unless the shop created the order and its PayPro payment. */
export async function postCheckout(baseUrl: string, key: string): Promise<{ answer: CheckoutAnswer; cookie: string; ms: number }> {
	const started = performance.now()
	const res = await rawRequest('POST', `${baseUrl}/api/checkout`, {
		headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
		body: JSON.stringify(checkoutBody(key)),
	})
	const ms = performance.now() - started
	let answer: CheckoutAnswer = {}
	try {
		answer = JSON.parse(res.body.toString('utf8')) as CheckoutAnswer
	} catch {
		// reported below
	}
	if (res.status !== 200 || answer.status !== '00' || !answer.orderNumber || !answer.paymentUrl) {
		throw new Error(`POST /api/checkout answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`)
	}
	// The order's access cookie: what the buyer's browser sends back to the order page and its stream.
	const setCookie = res.headers['set-cookie'] ?? []
	const cookie = setCookie.map((c) => c.split(';')[0]).join('; ')
	if (!cookie) throw new Error('POST /api/checkout set no cookie')
	return { answer, cookie, ms }
}

/** The simulator's payment page as the shop's own address (the answer names it by PUBLIC_URL or localhost). */
export const onShop = (baseUrl: string, url: string) => {
	const u = new URL(url)
	return `${baseUrl}${u.pathname}${u.search}`
}

/** Signs in through the login form; returns the staff_session cookie. */
export async function signIn(baseUrl: string): Promise<string> {
	const res = await rawRequest('POST', `${baseUrl}/admin/login`, {
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
		body: new URLSearchParams({ email: BENCH_STAFF.email, password: BENCH_STAFF.password }).toString(),
	})
	const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('staff_session='))
	if (!cookie || res.status >= 400) {
		throw new Error(`signing in as ${BENCH_STAFF.email} answered ${res.status} without a staff_session cookie: ${res.body.toString('utf8').slice(0, 200)}`)
	}
	return cookie
}

/** Reads a server-sent event stream: `handle` gets each event's name, its data and when its last chunk came (performance.now()). */
export function onSseEvents(res: http.IncomingMessage, handle: (event: string, data: string, receivedAt: number) => void) {
	res.setEncoding('utf8')
	let buffer = ''
	res.on('data', (chunk: string) => {
		const now = performance.now()
		buffer += chunk
		let end: number
		while ((end = buffer.indexOf('\n\n')) !== -1) {
			const block = buffer.slice(0, end)
			buffer = buffer.slice(end + 2)
			let event = 'message'
			let data = ''
			for (const line of block.split('\n')) {
				if (line.startsWith('event:')) event = line.slice(6).trim()
				else if (line.startsWith('data:')) data += line.slice(5).trimStart()
			}
			handle(event, data, now)
		}
	})
}
