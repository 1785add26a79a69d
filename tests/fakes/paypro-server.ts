// A stand-in for PayPro's API v2 (spec/PAYMENTS.md), served over real HTTP on a local port:
// POST /v2/ppro/auth (token in a `token` header), POST /v2/ppro/co (two-element array body),
// GET /v2/ppro/ggos (JSON body). Each endpoint can be switched into a failure mode per test.
// With `callback`, its hosted page (POST /pay/{PayProId}, the Click2Pay address) takes the payment and
// calls the shop's callback (UIS) as PayPro does, again after each of CALLBACK_RETRY_MS until the shop
// takes it: what the bench's price-hike day pays with.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type Endpoint = 'auth' | 'co' | 'ggos'

export type Failure =
	/** 200 with [{Status, Description?}] and no order details. */
	| { kind: 'status'; status: '01' | '02' | '03'; description?: string }
	/** Status '00' but no Click2Pay in the details (co only). */
	| { kind: 'no-click2pay' }
	/** An HTTP error with a non-JSON body, as a proxy or crashed server gives. */
	| { kind: 'http'; status: number }
	/** 401: the token is no longer valid. */
	| { kind: 'unauthorized' }
	/** Answers normally, but only after `ms`. */
	| { kind: 'delay'; ms: number }

export interface RecordedRequest {
	method: string
	path: string
	headers: http.IncomingHttpHeaders
	body: unknown
}

export interface FakePayProOrder {
	payproId: string
	orderNumber: string
	amount: number
	orderStatus: string
	amountPayable: number
	amountPaid: number
	datePaid: string | null
	paymentVia: string | null
}

/** Where the hosted page's payments are announced: the shop's callback (UIS) and the account it signs in with. */
export interface FakePayProCallback {
	/** The shop's callback address, e.g. https://shop.example/paypro/uis. */
	url: string
	username: string
	password: string
	/** Where the buyer is sent back to after paying (a 303). */
	returnUrl: string
}

/** Waits between calls of one payment's callback after the first, as PayPro calls again a shop that did not take it. */
export const CALLBACK_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000]

export interface FakePayPro {
	url: string
	credentials: { clientId: string; clientSecret: string; merchantId: string }
	requests: RecordedRequest[]
	calls(endpoint: Endpoint): RecordedRequest[]
	/** The next `times` requests to the endpoint fail this way. */
	fail(endpoint: Endpoint, failure: Failure, times?: number): void
	/** Every tokens issued so far stops working (the next authenticated call gets 401). */
	expireTokens(): void
	order(orderNumber: string): FakePayProOrder | undefined
	/** The buyer pays on the hosted page (by default exactly the order amount). */
	pay(orderNumber: string, paid?: Partial<Pick<FakePayProOrder, 'amountPayable' | 'amountPaid' | 'orderStatus'>>): FakePayProOrder
	/** Callback calls made (with `callback`): sent, taken by the shop ("00"), given up after the last retry. */
	callbacks: { sent: number; taken: number; abandoned: number }
	/** The next PayPro orders created get these ids, in turn (as PayPro's own 16-digit ids look), then numbered again. */
	nextIds(...ids: string[]): void
	reset(): void
	close(): Promise<void>
}

const MONEY_DATE = /^\d{2}\/\d{2}\/\d{4}$/

export async function startFakePayPro(
	credentials = { clientId: 'fake-client', clientSecret: 'fake-secret', merchantId: 'fake-merchant' },
	{ callback, port = 0, keepRequests = true, repeatsFindTheFirst = false }: { callback?: FakePayProCallback; port?: number; keepRequests?: boolean; repeatsFindTheFirst?: boolean } = {},
): Promise<FakePayPro> {
	const requests: RecordedRequest[] = []
	const failures: Record<Endpoint, { failure: Failure; times: number }[]> = { auth: [], co: [], ggos: [] }
	const orders = new Map<string, FakePayProOrder>()
	let validTokens = new Set<string>()
	let nextId = 1
	const chosenIds: string[] = []
	const timers = new Set<NodeJS.Timeout>()

	const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
		if (res.destroyed) return
		res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
		res.end(JSON.stringify(body))
	}

	const takeFailure = (endpoint: Endpoint): Failure | null => {
		const queue = failures[endpoint]
		const next = queue[0]
		if (!next) return null
		if (--next.times <= 0) queue.shift()
		return next.failure
	}

	const authorised = (req: http.IncomingMessage) => validTokens.has(String(req.headers.token ?? ''))

	function answer(endpoint: Endpoint, req: http.IncomingMessage, res: http.ServerResponse, body: unknown, failure: Failure | null) {
		if (failure?.kind === 'http') {
			if (res.destroyed) return
			res.writeHead(failure.status, { 'Content-Type': 'text/html' })
			res.end(`<html><body><h1>${failure.status} ${http.STATUS_CODES[failure.status] ?? ''}</h1></body></html>`)
			return
		}
		if (failure?.kind === 'unauthorized') return send(res, 401, [{ Status: '02', Description: 'Unauthorized' }])
		if (failure?.kind === 'status') {
			return send(res, 200, [{ Status: failure.status, ...(failure.description ? { Description: failure.description } : {}) }])
		}

		if (endpoint === 'auth') {
			const { clientid, clientsecret } = (body ?? {}) as Record<string, unknown>
			if (clientid !== credentials.clientId || clientsecret !== credentials.clientSecret) {
				return send(res, 401, [{ Status: '02', Description: 'Invalid client id or secret' }])
			}
			const token = crypto.randomBytes(16).toString('hex')
			validTokens.add(token)
			return send(res, 200, [{ Status: '00', Description: 'Authenticated' }], { token })
		}

		if (!authorised(req)) return send(res, 401, [{ Status: '02', Description: 'Unauthorized' }])

		if (endpoint === 'co') {
			const list = Array.isArray(body) ? (body as Record<string, unknown>[]) : []
			const o = list[1] ?? {}
			const amount = Number(o.OrderAmount)
			const valid =
				list.length === 2 &&
				list[0]?.MerchantId === credentials.merchantId &&
				typeof o.OrderNumber === 'string' &&
				typeof o.OrderAmount === 'string' &&
				Number.isInteger(amount) &&
				amount > 0 &&
				/^03\d{9}$/.test(String(o.CustomerMobile ?? '')) &&
				MONEY_DATE.test(String(o.OrderDueDate ?? '')) &&
				MONEY_DATE.test(String(o.IssueDate ?? ''))
			if (!valid) return send(res, 200, [{ Status: '01', Description: 'Invalid Data' }])
			// With repeatsFindTheFirst, as PayPro (and the built-in simulator) do: an OrderNumber sent again gets its first PayPro order back.
			const first = repeatsFindTheFirst ? fake.order(String(o.OrderNumber)) : undefined
			const payproId = first?.payproId ?? chosenIds.shift() ?? String(100_000_000 + nextId++)
			if (!first) orders.set(payproId, {
				payproId,
				orderNumber: String(o.OrderNumber),
				amount,
				orderStatus: 'UNPAID',
				amountPayable: amount,
				amountPaid: 0,
				datePaid: null,
				paymentVia: null,
			})
			const click2Pay = `${fake.url}/pay/${payproId}`
			const details = {
				...(failure?.kind === 'no-click2pay' ? {} : { Click2Pay: click2Pay }),
				PayProId: payproId,
				OrderNumber: o.OrderNumber,
				OrderAmount: o.OrderAmount,
				Description: 'Order created',
				BillUrl: click2Pay,
				Fee: '0',
			}
			return send(res, 200, [{ Status: '00' }, details])
		}

		// ggos
		const { userName, cpayId } = (body ?? {}) as Record<string, unknown>
		const found = orders.get(String(cpayId ?? ''))
		if (!found || userName !== credentials.merchantId) return send(res, 200, [{ Status: '03', Description: 'No records found.' }])
		return send(res, 200, [
			{ Status: '00' },
			{
				OrderStatus: found.orderStatus,
				AmountPayable: found.amountPayable,
				OrderAmountPaid: found.amountPaid,
				DatePaid: found.datePaid,
				PaymentVia: found.paymentVia,
				OrderNumber: found.orderNumber,
			},
		])
	}

	const callbacks = { sent: 0, taken: 0, abandoned: 0 }
	/** Calls the shop's callback for a paid order until it answers "00" for it; resolves after the first call. */
	async function callShop(target: FakePayProCallback, orderNumber: string) {
		const call = async (attempt: number) => {
			callbacks.sent++
			const taken = await fetch(target.url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ username: target.username, password: target.password, csvinvoiceids: orderNumber }),
				signal: AbortSignal.timeout(10_000),
			})
				.then(async (res) => {
					const body = (await res.json().catch(() => null)) as { StatusCode?: string; InvoiceID?: string }[] | null
					return res.status === 200 && Array.isArray(body) && body.some((r) => r?.StatusCode === '00' && r.InvoiceID === orderNumber)
				})
				.catch(() => false)
			if (taken) {
				callbacks.taken++
				return
			}
			const wait = CALLBACK_RETRY_MS[attempt]
			if (wait === undefined) {
				callbacks.abandoned++
				return
			}
			const timer = setTimeout(() => {
				timers.delete(timer)
				void call(attempt + 1)
			}, wait)
			timers.add(timer)
		}
		await call(0)
	}

	/** The hosted page's form: `outcome=pay` takes the payment (once), tells the shop, and sends the buyer back. */
	async function hostedPayment(payproId: string, form: string, res: http.ServerResponse) {
		const found = orders.get(payproId)
		if (!found) return send(res, 404, [{ Status: '03', Description: 'No such payment' }])
		if (new URLSearchParams(form).get('outcome') !== 'pay') return send(res, 400, [{ Status: '01', Description: 'outcome=pay is the only choice here' }])
		if (found.orderStatus === 'UNPAID') {
			fake.pay(found.orderNumber)
			if (callback) await callShop(callback, found.orderNumber)
		}
		if (res.destroyed) return
		res.writeHead(303, { Location: callback ? `${callback.returnUrl}?ordId=${encodeURIComponent(payproId)}` : '/' })
		res.end()
	}

	const routes: Record<string, { method: string; endpoint: Endpoint }> = {
		'/v2/ppro/auth': { method: 'POST', endpoint: 'auth' },
		'/v2/ppro/co': { method: 'POST', endpoint: 'co' },
		'/v2/ppro/ggos': { method: 'GET', endpoint: 'ggos' },
	}

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const path = new URL(req.url ?? '/', 'http://fake').pathname
			const raw = Buffer.concat(chunks).toString('utf8')
			let body: unknown = null
			try {
				body = raw ? JSON.parse(raw) : null
			} catch {
				body = raw
			}
			if (keepRequests) requests.push({ method: req.method ?? '', path, headers: req.headers, body })
			const hosted = /^\/pay\/(\w+)$/.exec(path)
			if (hosted && req.method === 'POST') return void hostedPayment(hosted[1]!, raw, res)
			const route = routes[path]
			if (!route) return send(res, 404, [{ Status: '03', Description: 'Not found' }])
			if (req.method !== route.method) return send(res, 405, [{ Status: '02', Description: 'Method not allowed' }])
			if (raw && !String(req.headers['content-type'] ?? '').includes('application/json')) return send(res, 415, [{ Status: '01' }])
			const failure = takeFailure(route.endpoint)
			if (failure?.kind === 'delay') {
				const timer = setTimeout(() => {
					timers.delete(timer)
					answer(route.endpoint, req, res, body, null)
				}, failure.ms)
				timers.add(timer)
				return
			}
			answer(route.endpoint, req, res, body, failure)
		})
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(port, '127.0.0.1', resolve)
	})

	const fake: FakePayPro = {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		credentials,
		requests,
		callbacks,
		calls: (endpoint) => requests.filter((r) => r.path === `/v2/ppro/${endpoint}`),
		fail(endpoint, failure, times = 1) {
			failures[endpoint].push({ failure, times })
		},
		expireTokens() {
			validTokens = new Set()
		},
		order: (orderNumber) => [...orders.values()].find((o) => o.orderNumber === orderNumber),
		pay(orderNumber, paid = {}) {
			const found = fake.order(orderNumber)
			if (!found) throw new Error(`The fake PayPro has no order ${orderNumber}`)
			Object.assign(found, {
				orderStatus: 'PAID',
				amountPayable: found.amount,
				amountPaid: found.amount,
				datePaid: new Date().toISOString(),
				paymentVia: 'BAF',
				...paid,
			})
			return found
		},
		nextIds(...ids) {
			chosenIds.push(...ids)
		},
		reset() {
			requests.length = 0
			chosenIds.length = 0
			failures.auth = []
			failures.co = []
			failures.ggos = []
			orders.clear()
			validTokens = new Set()
		},
		async close() {
			for (const t of timers) clearTimeout(t)
			server.closeAllConnections()
			await new Promise((r) => server.close(r))
		},
	}
	return fake
}

/** An address where nothing listens: a provider that is down. */
export async function closedPortUrl(): Promise<string> {
	const probe = http.createServer()
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
	const { port } = probe.address() as AddressInfo
	await new Promise((r) => probe.close(r))
	return `http://127.0.0.1:${port}`
}
