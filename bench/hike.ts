// A price-hike day (issue 38): the shop as deployed (bench/fleet.ts: PostgreSQL of its own, three
// instances of the built shop behind nginx, PayPro a local fake of its protocol that calls back), and
// for BENCH_HIKE_SECONDS one load-generator process playing:
// - BENCH_HIKE_SHOPPERS shoppers browsing (home, /products, a product page, a search) with a think
//   time of BENCH_HIKE_THINK_SECONDS on average, each with a browser's headers, its own address (sent
//   as X-Forwarded-For, which nginx passes on) and its cookies; a shopper is a timer, not a socket;
// - BENCH_HIKE_CHECKOUTS_PER_MINUTE buyers arriving at a steady rate, each checking out (PayPro),
//   opening the live order page, paying on PayPro's hosted page (whose callback reaches the shop
//   through nginx) and waiting for the code on the open page; 30 % race for one option holding 200
//   codes, the rest buy an option with codes enough for all;
// - one member of staff working the console (the dashboard, then an order's page, every 5 s) with
//   the reports page refreshed every minute.
// Faults (BENCH_HIKE_FAULTS, default restart,sigterm,kill): PostgreSQL restarted (pg_ctl restart -m
// fast) at 1/3 of the run, one instance stopped with SIGTERM at 1/2 and another killed (SIGKILL) at
// 2/3, each started again once it has exited.
// Then SQL checks what was kept, and /proc what it cost.
//
// Errors: an answer 5xx, or no answer (connection refused or cut, 30 s timeout), except a 503 that
// carries Retry-After (the shop's documented "try again in a moment" while its database is away,
// ADR-058), counted apart. A buyer told 503 + Retry-After tries again after it, with the same checkout key.
import http from 'node:http'
import pg from 'pg'
import { FLEET_METRICS_TOKEN, startFleet, type Fleet, type Usage } from './fleet.ts'
import { checkoutKey, checkoutKeyPrefix, onSseEvents, rawRequest, signIn } from './http.ts'
import { payproTook } from './paypro.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

const SECONDS = Math.max(10, Number(process.env.BENCH_HIKE_SECONDS) || 120)
const SHOPPERS = Math.max(1, Number(process.env.BENCH_HIKE_SHOPPERS) || 10_000)
const CHECKOUTS_PER_MINUTE = Math.max(1, Number(process.env.BENCH_HIKE_CHECKOUTS_PER_MINUTE) || 500)
const THINK_SECONDS = Math.max(1, Number(process.env.BENCH_HIKE_THINK_SECONDS) || 30)
const FAULTS = new Set((process.env.BENCH_HIKE_FAULTS ?? 'restart,sigterm,kill').split(',').map((f) => f.trim()).filter(Boolean))
const INSTANCES = 3
/** Share of checkouts that race for the scarce option, and its codes. */
const RACE_SHARE = 0.3
const RACE_CODES = 200
/** The product whose two first options are sold: the $10 Xbox gift card's. */
const PRODUCT_ID = 14
const REQUEST_TIMEOUT_MS = 30_000
/** After the run: how long a paid buyer's page may still wait for its code, and PayPro's callbacks (and their retries) to land. */
const SETTLE_MS = 60_000
const STAFF_EVERY_MS = 5_000
const REPORTS_EVERY_MS = 60_000
const PAID_STATUS = 'completed'

const TARGETS = {
	productP95: { op: '<=', value: 300 },
	checkoutP99: { op: '<=', value: 500 },
	codeP99: { op: '<=', value: 2000 },
	zero: { op: '<=', value: 0 },
} as const

const BROWSER = {
	Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
	'Accept-Encoding': 'gzip, deflate, br',
	'Accept-Language': 'en-PK,en;q=0.9,ur;q=0.8',
	'User-Agent': 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
}
const SEARCHES = ['xbox', 'psn', 'steam', 'game pass', 'gift card', 'pubg', 'valorant', 'fifa', 'netflix', 'ps plus']

type Kind = 'home' | 'products' | 'product' | 'search' | 'checkout' | 'payment' | 'live page' | 'console dashboard' | 'console order' | 'reports'

/** When the load started (performance.now()): slow answers are told by the second of the run they ended in. */
let loadStarted = 0
/** An answer slower than this is counted by the second it ended in, to show when the slow ones came. */
const SLOW_MS = 1_000
/** The load generator's own event loop counted as held when a 100 ms timer fires this much late. */
const OWN_LAG_MS = 200
/** An instance's event loop counted as held when its /metrics says it was this much late within the last second. */
const INSTANCE_LAG_MS = 200

/** What one kind of request saw. */
class Tally {
	/** Answers slower than slowMs are counted by when they came (the checkout's is its target: which seconds hold its p99). */
	constructor(readonly slowMs = SLOW_MS) {}
	ms: number[] = []
	/** Answers slower than slowMs, by the second of the run they ended in. */
	slowBySecond = new Map<number, number>()
	/** Slow answers by what the page cache said of them (hit, miss, none). */
	slowByCache = new Map<string, number>()
	errors = 0
	retryAfter503 = 0
	other4xx = 0
	reasons = new Map<string, number>()
	add(outcome: Outcome) {
		if (outcome.kind === 'ok') {
			this.ms.push(outcome.ms)
			if (outcome.ms > this.slowMs) {
				const second = Math.floor((performance.now() - loadStarted) / 1000)
				this.slowBySecond.set(second, (this.slowBySecond.get(second) ?? 0) + 1)
				const cache = outcome.cache ?? 'none'
				this.slowByCache.set(cache, (this.slowByCache.get(cache) ?? 0) + 1)
			}
		} else if (outcome.kind === 'retry') this.retryAfter503++
		else if (outcome.kind === 'client') this.other4xx++
		else {
			this.errors++
			this.reasons.set(outcome.reason, (this.reasons.get(outcome.reason) ?? 0) + 1)
		}
	}
}

type Outcome = { kind: 'ok'; ms: number; cache?: string } | { kind: 'retry'; after: number } | { kind: 'client'; status: number } | { kind: 'error'; reason: string }

/** What the buyer's open page reads of its order: from the stream's events, or from /api/order after the stream opened again. */
interface OrderSeen {
	status?: string
	deliveryContent?: string | null
}

interface Answer {
	status: number
	headers: http.IncomingHttpHeaders
	body: Buffer
	ms: number
}

/** One request on a keep-alive agent; the time is to the body's last byte. Rejects on no answer. */
function send(agent: http.Agent, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
	const started = performance.now()
	const payload = body === undefined ? undefined : Buffer.from(body)
	return new Promise((resolve, reject) => {
		const req = http.request(url, { method, agent, headers: payload ? { ...headers, 'Content-Length': String(payload.length) } : headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (c: Buffer) => chunks.push(c))
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }))
			res.on('error', reject)
		})
		req.on('timeout', () => req.destroy(new Error('timeout')))
		req.on('error', reject)
		req.end(payload)
	})
}

function classify(answer: Answer | Error): Outcome {
	if (answer instanceof Error) return { kind: 'error', reason: `no answer: ${(answer as NodeJS.ErrnoException).code ?? answer.message}` }
	if (answer.status === 503 && answer.headers['retry-after']) return { kind: 'retry', after: Number(answer.headers['retry-after']) || 5 }
	if (answer.status >= 500) return { kind: 'error', reason: `${answer.status}` }
	if (answer.status >= 400) return { kind: 'client', status: answer.status }
	const cache = answer.headers['x-page-cache']
	return { kind: 'ok', ms: answer.ms, cache: typeof cache === 'string' ? cache : undefined }
}

const percentile = (values: number[], p: number) => {
	if (!values.length) return null
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A cookie jar of one browser: the names and values its Set-Cookie headers gave. */
function keepCookies(jar: Map<string, string>, headers: http.IncomingHttpHeaders) {
	for (const c of headers['set-cookie'] ?? []) {
		const [pair] = c.split(';')
		const eq = pair!.indexOf('=')
		if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
	}
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

/** Addresses of the simulated people (10/8, private): sent as X-Forwarded-For through nginx. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

interface Buyer {
	n: number
	racing: boolean
	orderNumber: string | null
	paymentUrl: string | null
	cookie: string
	/** performance.now() of the pay POST, and when the open page showed the code (or the order paid while the codes had run out). */
	paidAt: number | null
	codeAt: number | null
	paidWithoutCodeAt: number | null
	taken: boolean
	streamEnds: number
	done: boolean
}

interface Run {
	tallies: Map<Kind, Tally>
	buyers: Buyer[]
	faults: string[]
	/** Checkouts answered 2xx, by order number. */
	placed: Set<string>
	pageViews: number
	/** The load generator's own event loop held longer than OWN_LAG_MS, the longest by second of the run: its answers' times include it. */
	ownLag: Map<number, number>
	/** Each instance's event loop, as its /metrics said each second (nodejs_eventloop_lag_max_seconds, in ms): the longest by second of the run, over INSTANCE_LAG_MS. */
	instanceLag: Map<number, number>[]
}

export async function hikeSection(ctx: BenchContext): Promise<SectionResult> {
	const fleet = await startFleet({ instances: INSTANCES })
	try {
		return await hike(ctx, fleet)
	} finally {
		await fleet.stop()
	}
}

async function hike(ctx: BenchContext, fleet: Fleet): Promise<SectionResult> {
	const base = fleet.url
	const staffCookie = await signIn(base)
	const adminHeaders = { Cookie: staffCookie, Origin: base, Accept: 'application/json' }
	const stock = JSON.parse((await rawRequest('GET', `${base}/api/admin/products/${PRODUCT_ID}/stock`, { headers: adminHeaders })).body.toString()) as { variants: { variantId: number; label: string; price?: number }[] }
	const [scarce, ample] = stock.variants
	if (!scarce || !ample) throw new Error(`product ${PRODUCT_ID} needs two options (it has ${stock.variants.length})`)
	const expected = Math.ceil((SECONDS / 60) * CHECKOUTS_PER_MINUTE)
	const ampleCodes = Math.ceil(expected * (1 - RACE_SHARE) * 1.3) + 50
	for (const [variant, count, tag] of [[scarce, RACE_CODES, 'RACE'], [ample, ampleCodes, 'AMPLE']] as const) {
		const units = Array.from({ length: count }, (_, i) => ({ code: `HIKE-${tag}-${Date.now().toString(36).toUpperCase()}-${String(i).padStart(5, '0')}` }))
		const imported = await rawRequest('POST', `${base}/api/admin/products/${PRODUCT_ID}/stock`, { headers: { ...adminHeaders, 'Content-Type': 'application/json' }, body: JSON.stringify({ variantId: variant.variantId, units }) })
		if (imported.status >= 300) throw new Error(`importing ${count} codes for ${variant.label} answered ${imported.status}: ${imported.body.toString().slice(0, 200)}`)
	}
	const sitemap = (await rawRequest('GET', `${base}/sitemap.xml`)).body.toString()
	const productIds = [...new Set([...sitemap.matchAll(/\/product\/(\d+)/g)].map((m) => Number(m[1])))]
	if (!productIds.length) throw new Error('the sitemap lists no product pages')
	ctx.log(`hike: ${RACE_CODES} codes for "${scarce.label}" (the race), ${ampleCodes} for "${ample.label}"; ${productIds.length} product pages; ${SHOPPERS} shoppers, ${CHECKOUTS_PER_MINUTE} checkouts a minute for ${SECONDS} s`)

	fleet.markUsage()
	const run = await load(ctx, fleet, { scarce: scarce.variantId, ample: ample.variantId }, productIds)
	const usage = fleet.usage()
	return await report(ctx, fleet, run, usage, { scarce: scarce.variantId, ample: ample.variantId, ampleCodes })
}

async function load(ctx: BenchContext, fleet: Fleet, variants: { scarce: number; ample: number }, productIds: number[]): Promise<Run> {
	const base = fleet.url
	// Signed in before the clock starts (a password hash is slow on purpose).
	const staffCookie = await signIn(base)
	const agent = new http.Agent({ keepAlive: true, maxSockets: 2048, maxFreeSockets: 512 })
	const payAgent = new http.Agent({ keepAlive: true, maxSockets: 256 })
	const tallies = new Map<Kind, Tally>()
	const tally = (kind: Kind) => tallies.get(kind) ?? tallies.set(kind, new Tally(kind === 'checkout' ? TARGETS.checkoutP99.value : SLOW_MS)).get(kind)!
	const run: Run = { tallies, buyers: [], faults: [], placed: new Set(), pageViews: 0, ownLag: new Map(), instanceLag: fleet.instances.map(() => new Map()) }
	const started = performance.now()
	loadStarted = started
	const endAt = started + SECONDS * 1000
	const running = () => performance.now() < endAt
	const pending = new Set<Promise<unknown>>()
	const track = <T>(p: Promise<T>) => {
		pending.add(p)
		void p.finally(() => pending.delete(p)).catch(() => {})
		return p
	}

	// Shoppers: each a timer that wakes, asks for a page, and thinks.
	const pick = (): [Kind, string] => {
		const r = Math.random()
		if (r < 0.25) return ['home', '/']
		if (r < 0.45) return ['products', '/products']
		if (r < 0.85) return ['product', `/product/${productIds[Math.floor(Math.random() * productIds.length)]}`]
		return ['search', `/products?q=${encodeURIComponent(SEARCHES[Math.floor(Math.random() * SEARCHES.length)]!)}`]
	}
	const think = () => THINK_SECONDS * 1000 * (0.5 + Math.random())
	const shopper = (n: number) => {
		const jar = new Map<string, string>()
		const visit = () => {
			if (!running()) return
			const [kind, path] = pick()
			const headers: Record<string, string> = { ...BROWSER, 'X-Forwarded-For': addressOf(n) }
			if (jar.size) headers.Cookie = cookieHeader(jar)
			run.pageViews++
			void track(
				send(agent, 'GET', `${base}${path}`, headers).then(
					(answer) => {
						keepCookies(jar, answer.headers)
						tally(kind).add(classify(answer))
					},
					(error: Error) => tally(kind).add(classify(error)),
				),
			).finally(() => setTimeout(visit, think()))
		}
		// Arrivals spread over the first think time, so the load is steady from then on.
		setTimeout(visit, Math.random() * THINK_SECONDS * 1000)
	}
	for (let n = 0; n < SHOPPERS; n++) shopper(n)

	// Buyers: one every 60 / CHECKOUTS_PER_MINUTE seconds.
	const buyerTimer = setInterval(() => {
		if (!running()) return
		const n = run.buyers.length + 1
		const buyer: Buyer = { n, racing: Math.random() < RACE_SHARE, orderNumber: null, paymentUrl: null, cookie: '', paidAt: null, codeAt: null, paidWithoutCodeAt: null, taken: false, streamEnds: 0, done: false }
		run.buyers.push(buyer)
		void track(buy(buyer))
	}, 60_000 / CHECKOUTS_PER_MINUTE)

	async function buy(buyer: Buyer) {
		const address = addressOf(1 << 20 | buyer.n)
		const body = JSON.stringify({
			customerName: 'Hike Buyer',
			customerEmail: `hike-${buyer.n}@example.com`,
			customerMobile: '03001234567',
			productDetails: [{ id: PRODUCT_ID, quantity: 1, variantId: buyer.racing ? variants.scarce : variants.ample }],
			checkoutKey: checkoutKey('hike', buyer.n),
			paymentMethod: 'paypro',
		})
		// A buyer told to try again (503 + Retry-After) does, with the same checkout key; at most three times.
		for (let attempt = 0; attempt < 4 && !buyer.orderNumber; attempt++) {
			const answer = await send(agent, 'POST', `${base}/api/checkout`, { 'Content-Type': 'application/json', Accept: 'application/json', Origin: base, 'X-Forwarded-For': address }, body).catch((e: Error) => e)
			const outcome = classify(answer)
			tally('checkout').add(outcome)
			if (outcome.kind === 'retry') {
				await sleep(outcome.after * 1000)
				continue
			}
			if (outcome.kind !== 'ok' || answer instanceof Error) return
			const parsed = JSON.parse(answer.body.toString()) as { orderNumber?: string; paymentUrl?: string }
			if (!parsed.orderNumber || !parsed.paymentUrl) return
			buyer.orderNumber = parsed.orderNumber
			buyer.paymentUrl = parsed.paymentUrl
			buyer.cookie = (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
			run.placed.add(parsed.orderNumber)
		}
		if (!buyer.orderNumber) return
		const page = openLivePage(buyer, address)
		try {
			if (!(await page.ready)) return
			buyer.paidAt = performance.now()
			const paid = await send(payAgent, 'POST', buyer.paymentUrl!, { 'Content-Type': 'application/x-www-form-urlencoded' }, 'outcome=pay').catch((e: Error) => e)
			const outcome = classify(paid)
			tally('payment').add(outcome)
			buyer.taken = !(paid instanceof Error) && paid.status === 303
			if (buyer.taken) await Promise.race([page.shown, sleep(SETTLE_MS)])
		} finally {
			buyer.done = true
			page.close()
		}
	}

	/** The buyer's open order page: its stream, opened again (as EventSource does) when an instance ends it. */
	function openLivePage(buyer: Buyer, address: string) {
		let closed = false
		let current: http.ClientRequest | null = null
		let markReady: (ok: boolean) => void = () => {}
		let markShown: () => void = () => {}
		const ready = new Promise<boolean>((resolve) => (markReady = resolve))
		const shown = new Promise<void>((resolve) => (markShown = resolve))
		const open = () => {
			if (closed) return
			const opened = performance.now()
			const req = http.get(`${base}/api/order/stream?orderNumber=${encodeURIComponent(buyer.orderNumber!)}`, {
				agent: false,
				headers: { Accept: 'text/event-stream', Cookie: buyer.cookie, 'X-Forwarded-For': address, 'User-Agent': BROWSER['User-Agent'] },
			})
			current = req
			const again = () => {
				if (closed || buyer.codeAt !== null) return
				buyer.streamEnds++
				setTimeout(open, 1_000)
			}
			req.on('error', () => {
				tally('live page').add({ kind: 'error', reason: 'stream cut' })
				again()
			})
			req.on('response', (res) => {
				if (res.statusCode !== 200) {
					tally('live page').add(classify({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0), ms: 0 }))
					res.resume()
					again()
					return
				}
				const seen = (view: OrderSeen, at: number) => {
					if (buyer.paidAt === null || view.status !== PAID_STATUS) return
					if (view.deliveryContent) {
						buyer.codeAt ??= at
						markShown()
					} else buyer.paidWithoutCodeAt ??= at
				}
				onSseEvents(res, (event, data, at) => {
					if (event === 'ready') {
						tally('live page').add({ kind: 'ok', ms: at - opened })
						markReady(true)
						// Opened again after its stream ended: the page asks for the order once (use-live-order.ts), since what changed meanwhile was not sent.
						if (buyer.streamEnds > 0 && buyer.paidAt !== null) {
							const lookup = `${base}/api/order?internalOrderId=${encodeURIComponent(buyer.orderNumber!)}`
							void send(payAgent, 'GET', lookup, { Accept: 'application/json', Cookie: buyer.cookie, 'X-Forwarded-For': address }).then(
								(answer) => answer.status === 200 && seen((JSON.parse(answer.body.toString()) as { order: OrderSeen }).order, performance.now()),
								() => {},
							)
						}
					} else if (event === 'order') seen(JSON.parse(data) as OrderSeen, at)
				})
				res.on('close', again)
			})
		}
		open()
		setTimeout(() => markReady(false), REQUEST_TIMEOUT_MS).unref()
		return {
			ready,
			shown,
			close() {
				closed = true
				current?.destroy()
			},
		}
	}

	// Staff: the dashboard and an order's page every 5 s, the reports page every minute.
	const staffHeaders = { ...BROWSER, Cookie: staffCookie }
	const staffLoop = track(
		(async () => {
			let lastReports = -Infinity
			while (running()) {
				const at = performance.now()
				if (at - lastReports >= REPORTS_EVERY_MS) {
					lastReports = at
					tally('reports').add(classify(await send(agent, 'GET', `${base}/admin/reports`, staffHeaders).catch((e: Error) => e)))
				}
				tally('console dashboard').add(classify(await send(agent, 'GET', `${base}/admin-dashboard`, staffHeaders).catch((e: Error) => e)))
				const recent = [...run.placed].at(-1)
				if (recent) tally('console order').add(classify(await send(agent, 'GET', `${base}/admin/orders/${encodeURIComponent(recent)}`, staffHeaders).catch((e: Error) => e)))
				await sleep(Math.max(0, STAFF_EVERY_MS - (performance.now() - at)))
			}
		})(),
	)

	// The faults, each at its moment.
	const at = (fraction: number) => sleep(SECONDS * 1000 * fraction)
	const note = (text: string) => {
		const line = `+${((performance.now() - started) / 1000).toFixed(1)} s: ${text}`
		run.faults.push(line)
		ctx.log(`hike: ${line}`)
	}
	const restartInstance = async (index: number, signal: NodeJS.Signals) => {
		const instance = fleet.instances[index]!
		const asked = performance.now()
		instance.child!.kill(signal)
		const code = await instance.exited
		note(`instance ${index + 1} (${signal}) exited with ${code} after ${((performance.now() - asked) / 1000).toFixed(1)} s; starting it again`)
		await instance.start()
		note(`instance ${index + 1} serves again, ${((performance.now() - asked) / 1000).toFixed(1)} s after the ${signal}`)
	}
	const faults = [
		FAULTS.has('restart') &&
			at(1 / 3).then(async () => {
				const asked = performance.now()
				note('PostgreSQL: pg_ctl restart -m fast')
				await fleet.restartDatabase()
				note(`PostgreSQL accepts connections again after ${((performance.now() - asked) / 1000).toFixed(1)} s`)
			}),
		FAULTS.has('sigterm') && at(1 / 2).then(() => restartInstance(1, 'SIGTERM')),
		FAULTS.has('kill') && at(2 / 3).then(() => restartInstance(2, 'SIGKILL')),
	].filter((f): f is Promise<void> => !!f)

	// This process's own stalls: an answer read late by it is timed late, whatever the shop did.
	let tick = performance.now()
	const ownLag = setInterval(() => {
		const now = performance.now()
		const late = now - tick - 100
		tick = now
		if (late < OWN_LAG_MS) return
		const second = Math.floor((now - started) / 1000)
		run.ownLag.set(second, Math.max(run.ownLag.get(second) ?? 0, late))
	}, 100)
	// Each instance's own stalls, read from its /metrics (the lag histogram starts again at each reading).
	const instanceLag = setInterval(() => {
		for (const instance of fleet.instances) {
			if (!instance.child) continue
			const second = Math.floor((performance.now() - started) / 1000)
			void rawRequest('GET', `${instance.url}/metrics`, { headers: { Authorization: `Bearer ${FLEET_METRICS_TOKEN}` } }).then(
				(answer) => {
					const max = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(answer.body.toString())?.[1]
					const ms = max ? Number(max) * 1000 : NaN
					const lags = run.instanceLag[instance.index]!
					if (ms >= INSTANCE_LAG_MS) lags.set(second, Math.max(lags.get(second) ?? 0, ms))
				},
				() => {},
			)
		}
	}, 1000)
	const progress = setInterval(() => {
		const t = (kind: Kind) => tallies.get(kind)
		ctx.log(
			`hike: +${((performance.now() - started) / 1000).toFixed(0)} s: ${run.pageViews} page views, ${run.placed.size} checkouts, ` +
				`${run.buyers.filter((b) => b.codeAt !== null).length} codes shown; product p95 ${percentile(t('product')?.ms ?? [], 0.95)?.toFixed(0) ?? '-'} ms, ` +
				`checkout p99 ${percentile(t('checkout')?.ms ?? [], 0.99)?.toFixed(0) ?? '-'} ms; in flight ${pending.size}`,
		)
	}, 10_000)
	try {
		await sleep(SECONDS * 1000)
		clearInterval(buyerTimer)
		await Promise.all(faults)
		await staffLoop
		ctx.log(`hike: load over; waiting for ${pending.size} requests and buyers in flight`)
		await Promise.race([Promise.allSettled([...pending]), sleep(SETTLE_MS + REQUEST_TIMEOUT_MS)])
	} finally {
		clearInterval(progress)
		clearInterval(ownLag)
		clearInterval(instanceLag)
		clearInterval(buyerTimer)
		agent.destroy()
		payAgent.destroy()
	}
	return run
}

async function report(ctx: BenchContext, fleet: Fleet, run: Run, usage: Usage, setup: { scarce: number; ample: number; ampleCodes: number }): Promise<SectionResult> {
	const client = new pg.Client({ connectionString: fleet.databaseUrl })
	await client.connect()
	let checks: { missing: number; notApplied: number; paidTwice: number; codesTwice: number; raceCodesUsed: number; raceOwed: number; paidOrders: number; paidNotTaken: number }
	const taken = run.buyers.filter((b) => b.taken).map((b) => b.orderNumber!)
	try {
		const numbers = [...run.placed]
		const q = async (text: string, values: unknown[] = []) => Number((await client.query<{ n: string }>(text, values)).rows[0]!.n)
		const missing = numbers.length - (await q('select count(*) as n from orders where order_number = any($1)', [numbers]))
		// PayPro calls again until the shop takes it (up to its last retry); wait for those still coming.
		const notPaid = () => q('select count(*) as n from unnest($1::text[]) t(number) where not exists (select 1 from orders o where o.order_number = t.number and o.paid_at is not null)', [taken])
		const deadline = Date.now() + SETTLE_MS
		let notApplied = await notPaid()
		while (notApplied > 0 && Date.now() < deadline) {
			await sleep(1_000)
			notApplied = await notPaid()
		}
		const prefix = `${checkoutKeyPrefix('hike')}%`
		const paidTwice = await q(
			`select count(*) as n from (select o.id from orders o join order_events e on e.order_id = o.id and e.to_state = 'paid' where o.checkout_key like $1 group by o.id having count(*) > 1) t`,
			[prefix],
		)
		const paidOrders = await q('select count(*) as n from orders where checkout_key like $1 and paid_at is not null', [prefix])
		// Paid in the shop while the bench never saw its pay page answer: PayPro itself says whether it took the payment.
		const unseen = (await client.query<{ paypro_id: string | null }>('select paypro_transaction_id as paypro_id from orders where checkout_key like $1 and paid_at is not null and not (order_number = any($2))', [prefix, taken])).rows
		const tookUnseen = await payproTook(fleet.paypro.url, unseen.map((row) => row.paypro_id).filter((id): id is string => !!id))
		const paidNotTaken = unseen.length - tookUnseen.size
		const codesTwice = await q('select count(*) as n from (select unit_id from stock_assignments group by unit_id having count(*) > 1) t')
		const raceCodesUsed = await q(`select count(*) as n from stock_units where variant_id = $1 and status = 'used'`, [setup.scarce])
		const raceOwed = await q(
			'select coalesce(sum(o.undelivered_units), 0) as n from orders o where o.paid_at is not null and exists (select 1 from order_lines l where l.order_id = o.id and l.variant_id = $1)',
			[setup.scarce],
		)
		checks = { missing, notApplied, paidTwice, codesTwice, raceCodesUsed, raceOwed, paidOrders, paidNotTaken }
	} finally {
		await client.end()
	}

	const t = (kind: Kind) => run.tallies.get(kind) ?? new Tally()
	const errors = [...run.tallies.values()].reduce((n, x) => n + x.errors, 0)
	const retries = [...run.tallies.values()].reduce((n, x) => n + x.retryAfter503, 0)
	const codeMs = run.buyers.filter((b) => b.codeAt !== null && b.paidAt !== null).map((b) => b.codeAt! - b.paidAt!)
	const raceWaiting = run.buyers.filter((b) => b.racing && b.taken && b.codeAt === null).length
	const ampleMissed = run.buyers.filter((b) => !b.racing && b.taken && b.codeAt === null).length
	// Open pages that never showed their code, when each buyer paid (second of the run), how often its stream ended, and when it showed "paid" without the code.
	const second = (at: number | null) => (at === null ? '-' : `+${((at - loadStarted) / 1000).toFixed(1)} s`)
	const withoutCode = run.buyers.filter((b) => b.taken && b.codeAt === null && !(b.racing && checks.raceOwed > 0))
	const checkouts = t('checkout').ms.length
	const cpuShop = usage.cpu.instances + usage.cpu.database
	const rows: Row[] = []
	const routeRow = (kind: Kind, subject: string, targetOf?: { p: 'p95' | 'p99'; target: (typeof TARGETS)[keyof typeof TARGETS] }): Row => {
		const x = t(kind)
		return {
			subject,
			metrics: [
				metric('Answered', x.ms.length, '', 0),
				metric('p50', percentile(x.ms, 0.5), 'ms', 0),
				metric('p95', percentile(x.ms, 0.95), 'ms', 0, targetOf?.p === 'p95' ? targetOf.target : undefined),
				metric('p99', percentile(x.ms, 0.99), 'ms', 0, targetOf?.p === 'p99' ? targetOf.target : undefined),
				metric('Errors', x.errors, '', 0),
				metric('503+RA', x.retryAfter503, '', 0),
			],
		}
	}
	rows.push(routeRow('product', 'product page', { p: 'p95', target: TARGETS.productP95 }))
	rows.push(routeRow('home', 'home'), routeRow('products', '/products'), routeRow('search', 'search'))
	rows.push(routeRow('checkout', 'checkout (POST)', { p: 'p99', target: TARGETS.checkoutP99 }))
	rows.push({
		subject: 'payment → code on open page',
		metrics: [metric('Answered', codeMs.length, '', 0), metric('p50', percentile(codeMs, 0.5), 'ms', 0), metric('p95', percentile(codeMs, 0.95), 'ms', 0), metric('p99', percentile(codeMs, 0.99), 'ms', 0, TARGETS.codeP99)],
	})
	rows.push(routeRow('payment', 'PayPro hosted page (pay)'), routeRow('live page', 'live page ready'))
	rows.push(routeRow('console dashboard', 'console dashboard'), routeRow('console order', 'console order page'), routeRow('reports', 'reports page'))
	const single = (subject: string, name: string, value: number | null, unit: string, digits: number, target?: (typeof TARGETS)[keyof typeof TARGETS]): Row => ({ subject, metrics: [metric(name, value, unit, digits, target)] })
	rows.push(single('errors (5xx, no answer)', 'Count', errors, '', 0, TARGETS.zero))
	rows.push(single('503 with Retry-After (database away)', 'Count', retries, '', 0))
	rows.push(single('codes twice (SQL)', 'Count', checks.codesTwice, '', 0, TARGETS.zero))
	rows.push(single('orders lost', 'Count', checks.missing + checks.notApplied + checks.paidTwice + checks.paidNotTaken, '', 0, TARGETS.zero))
	rows.push(single('CPU per checkout (instances + PostgreSQL)', 'Value', checkouts ? cpuShop / checkouts : null, 's', 3))
	rows.push(single('RSS per instance, largest', 'Value', Math.max(...usage.rssMb), 'MB', 0))

	const busyShare = (s: number) => `${s.toFixed(0)} s (${((100 * s) / usage.wallSeconds).toFixed(0)} % of a core)`
	const ours = usage.cpu.instances + usage.cpu.database + usage.cpu.nginx + usage.cpu.paypro + usage.cpu.bench
	const reasons = [...run.tallies].flatMap(([kind, x]) => [...x.reasons].map(([r, n]) => `${kind}: ${n}× ${r}`))
	// When the slow answers came: the browsing pages' answers over SLOW_MS, by second of the run.
	const slow = new Map<number, number>()
	for (const kind of ['home', 'products', 'product', 'search'] as const) for (const [second, n] of t(kind).slowBySecond) slow.set(second, (slow.get(second) ?? 0) + n)
	const slowSeconds = [...slow].sort((a, b) => a[0] - b[0])
	const slowCache = new Map<string, number>()
	for (const kind of ['home', 'products', 'product', 'search'] as const) for (const [cache, n] of t(kind).slowByCache) slowCache.set(cache, (slowCache.get(cache) ?? 0) + n)
	const notes = [
		`fleet: PostgreSQL 15 of its own (pg_ctl), ${INSTANCES} instances (built shop, NODE_ENV=production) behind nginx (config from deploy/nginx.conf), PayPro a local fake of its protocol calling back through nginx`,
		`load for ${SECONDS} s: ${SHOPPERS} shoppers thinking ${THINK_SECONDS} s on average (${run.pageViews} page views, ${(run.pageViews / SECONDS).toFixed(0)}/s); ` +
			`${run.buyers.length} buyers (${CHECKOUTS_PER_MINUTE}/min, ${Math.round(RACE_SHARE * 100)} % racing for ${RACE_CODES} codes); staff on the console every ${STAFF_EVERY_MS / 1000} s, reports every minute`,
		...run.faults.map((f) => `fault ${f}`),
		`errors: an answer 5xx or none (refused, cut, ${REQUEST_TIMEOUT_MS / 1000} s timeout), except 503 with Retry-After (counted apart, "503+RA"); 4xx answers: ${[...run.tallies.values()].reduce((n, x) => n + x.other4xx, 0)}`,
		...(reasons.length ? [`error reasons: ${reasons.join('; ')}`] : []),
		`orders lost = ${checks.missing} answered 2xx but not stored + ${checks.notApplied} payments PayPro took never applied + ${checks.paidTwice} paid twice + ${checks.paidNotTaken} paid without PayPro taking it; ${checks.paidOrders} orders paid, ${taken.length} payments taken`,
		...(withoutCode.length ? [`pages without their code: ${withoutCode.slice(0, 20).map((b) => `buyer ${b.n} paid ${second(b.paidAt)}, stream ended ${b.streamEnds}×, paid shown ${second(b.paidWithoutCodeAt)}`).join('; ')}`] : []),
		`the race: ${checks.raceCodesUsed} of ${RACE_CODES} codes delivered, ${checks.raceOwed} paid units owed (waiting for stock), ${raceWaiting} racing buyers' pages without a code (expected: those owed); ${ampleMissed} pages of the ample option without their code`,
		`CPU over the run (${usage.wallSeconds.toFixed(0)} s wall, ${(2 * usage.wallSeconds).toFixed(0)} core-seconds on 2 cores): instances ${busyShare(usage.cpu.instances)}, PostgreSQL ${busyShare(usage.cpu.database)}, nginx ${busyShare(usage.cpu.nginx)}, ` +
			`load generator ${busyShare(usage.cpu.bench)}, PayPro fake ${busyShare(usage.cpu.paypro)}; machine busy ${busyShare(usage.machineBusy)}, of which not this bench ${busyShare(Math.max(0, usage.machineBusy - ours))}`,
		`browsing answers over ${SLOW_MS / 1000} s, by the second of the run they ended in: ${slowSeconds.length ? slowSeconds.map(([second, n]) => `+${second} s ${n}`).join(', ') : 'none'}${slowCache.size ? `; page cache: ${[...slowCache].map(([cache, n]) => `${cache} ${n}`).join(', ')}` : ''}`,
		`the load generator's own event loop held over ${OWN_LAG_MS} ms (the longest, by second of the run; answers it read then are timed late by as much): ${run.ownLag.size ? [...run.ownLag].sort((a, b) => a[0] - b[0]).map(([second, ms]) => `+${second} s ${ms.toFixed(0)} ms`).join(', ') : 'never'}`,
		`each instance's event loop held over ${INSTANCE_LAG_MS} ms (its /metrics, read each second; the longest by second of the run): ${run.instanceLag.map((lags, i) => `shop-${i + 1} ${lags.size ? [...lags].sort((a, b) => a[0] - b[0]).map(([second, ms]) => `+${second} s ${ms.toFixed(0)} ms`).join(', ') : 'never'}`).join('; ')}`,
		`checkout answers over ${t('checkout').slowMs} ms (its p99 target), by the second of the run they ended in: ${t('checkout').slowBySecond.size ? [...t('checkout').slowBySecond].sort((a, b) => a[0] - b[0]).map(([second, n]) => `+${second} s ${n}`).join(', ') : 'none'}`,
		`CPU per checkout counts everything the instances and PostgreSQL did (browsing, staff and reports included) over the ${checkouts} checkouts; RSS per instance (largest over the run): ${usage.rssMb.map((m) => `${m.toFixed(0)} MB`).join(', ')}`,
	]
	return {
		name: 'hike',
		subjectLabel: 'SLO / request',
		rows,
		notes,
		details: {
			seconds: SECONDS,
			shoppers: SHOPPERS,
			thinkSeconds: THINK_SECONDS,
			checkoutsPerMinute: CHECKOUTS_PER_MINUTE,
			faults: run.faults,
			pageViews: run.pageViews,
			buyers: run.buyers.length,
			checks,
			usage,
			latencyMs: Object.fromEntries([...run.tallies].map(([kind, x]) => [kind, { n: x.ms.length, p50: percentile(x.ms, 0.5), p95: percentile(x.ms, 0.95), p99: percentile(x.ms, 0.99), max: percentile(x.ms, 1), errors: x.errors, retryAfter503: x.retryAfter503, other4xx: x.other4xx }])),
			codeMs: { n: codeMs.length, p50: percentile(codeMs, 0.5), p95: percentile(codeMs, 0.95), p99: percentile(codeMs, 0.99), max: percentile(codeMs, 1) },
		},
	}
}
