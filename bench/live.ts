// Live order pages: how many open order streams one server holds, and how long a status change
// takes to reach them. Per step: one new order (POST /api/checkout, keeping its cookie), N
// concurrent SSE connections to GET /api/order/stream?orderNumber=… (plain node:http clients, each
// sending the order's cookie as the buyer's page does), all `ready`; then the order is paid
// through the PayPro simulator (its payment page's form POST calls the shop's callback, which
// marks the order paid and NOTIFYs) and each connection's time until its `order` event is taken.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import { checkoutKey, onSseEvents, onShop, postCheckout, rawRequest } from './http.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

const STEPS = (process.env.BENCH_LIVE_STEPS ?? '100,500,1000,2000')
	.split(',')
	.map((s) => Math.floor(Number(s.trim())))
	.filter((n) => n > 0)
/** The section stops stepping up when the next step would likely end after this. */
const BUDGET_MS = (Number(process.env.BENCH_LIVE_BUDGET) || 110) * 1000
/** Streams being opened at once (each waits for its `ready`). */
const OPEN_CONCURRENCY = 100
/** Per connection: from the request to its `ready` event. */
const READY_TIMEOUT_MS = 30_000
/** After the payment: connections without their `order` event by then count as missed. */
const DELIVERY_WAIT_MS = 10_000
const WARMUP_STREAMS = 20
/** app/domain/orders/notify-order.server.ts */
const ORDERS_CHANNEL = 'orders'
/** The order's status once paid (app/domain/orders/status.ts PAID_STATUS). */
const PAID_STATUS = 'completed'

// Issue 21: one change reaches 10,000 open order pages with p99 <= 250 ms.
const TARGETS = {
	p99: { op: '<=', value: 250 },
	failed: { op: '<=', value: 0 },
	missed: { op: '<=', value: 0 },
} as const

interface Stream {
	req: http.ClientRequest
	/** performance.now() of its `ready` event. */
	readyAt: number | null
	/** performance.now() of its first `order` event after the trigger. */
	orderAt: number | null
	/** The data of that first `order` event, read once every stream has it (not while the clock runs for the others). */
	orderData: string | null
	/** `order` events before the trigger (there should be none). */
	early: number
	error: string | null
}

interface Trigger {
	at: number | null
}

/** Buyers behind one address the bench gives each loopback address (the shop allows 20 live streams per address). */
const STREAMS_PER_ADDRESS = 10
let streamsOpened = 0

/** The next stream's source address: many buyers, each from their own address, as in real life (127/8 is all loopback on Linux). */
function nextClientAddress() {
	const client = Math.floor(streamsOpened++ / STREAMS_PER_ADDRESS)
	return `127.1.${Math.floor(client / 250) % 250}.${1 + (client % 250)}`
}

/** Opens one stream; resolves once it is `ready` or has failed (never rejects). */
function openStream(url: string, cookie: string, agent: http.Agent, trigger: Trigger): Promise<Stream> {
	return new Promise((resolve) => {
		let settled = false
		const settle = () => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			resolve(stream)
		}
		const fail = (message: string) => {
			stream.error ??= message
			settle()
		}
		const req = http.get(url, { agent, localAddress: nextClientAddress(), headers: { Accept: 'text/event-stream', Cookie: cookie } })
		const stream: Stream = { req, readyAt: null, orderAt: null, orderData: null, early: 0, error: null }
		const timer = setTimeout(() => {
			fail(`no ready event within ${READY_TIMEOUT_MS / 1000} s`)
			req.destroy()
		}, READY_TIMEOUT_MS)
		req.on('error', (error) => fail(error.message))
		req.on('response', (res) => {
			if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('text/event-stream')) {
				fail(`answered ${res.statusCode} ${res.headers['content-type']}`)
				res.resume()
				req.destroy()
				return
			}
			onSseEvents(res, (event, data, now) => {
				if (event === 'ready') {
					stream.readyAt = now
					settle()
				} else if (event === 'order') {
					if (trigger.at === null) stream.early++
					else if (stream.orderAt === null) {
						stream.orderAt = now
						stream.orderData = data
						onDelivered()
					}
				} else if (event === 'error') {
					stream.error ??= `error event: ${data.slice(0, 100)}`
				}
			})
			res.on('close', () => {
				if (stream.readyAt === null) fail('closed before ready')
			})
		})
	})
}

/** The status a stream's first `order` event carried. */
function orderStatusOf(stream: Stream): string | null {
	if (stream.orderData === null) return null
	try {
		return String((JSON.parse(stream.orderData) as { status?: unknown }).status)
	} catch {
		return 'unparsable'
	}
}

/** Called on every first `order` event after the trigger; set per step. */
let onDelivered = () => {}

/** Opens `count` streams, at most OPEN_CONCURRENCY waiting for `ready` at a time. */
async function openAll(count: number, url: string, cookie: string, agent: http.Agent, trigger: Trigger): Promise<Stream[]> {
	const streams: Stream[] = []
	let next = 0
	const worker = async () => {
		while (next < count) {
			next++
			streams.push(await openStream(url, cookie, agent, trigger))
		}
	}
	await Promise.all(Array.from({ length: Math.min(OPEN_CONCURRENCY, count) }, worker))
	return streams
}

function percentile(sorted: number[], p: number): number | null {
	if (!sorted.length) return null
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number | undefined): number | null {
	if (!pid) return null
	try {
		const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
		return match ? Number(match[1]) / 1024 : null
	} catch {
		return null
	}
}

/** The soft limit on open files, which both this process and the shop (its child) have. */
function openFileLimit(): number | null {
	try {
		const out = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
		return out === 'unlimited' ? Infinity : Number(out) || null
	} catch {
		return null
	}
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface StepResult {
	requested: number
	held: number
	failed: number
	connectMs: number
	received: number
	paid: number
	early: number
	payMs: number
	/** From the trigger until PostgreSQL's NOTIFY reached a listener of the bench's own (PostgreSQL only). */
	notifyMs: number | null
	min: number | null
	p50: number | null
	p99: number | null
	max: number | null
	shopRssMb: number | null
	errors: Record<string, number>
}

async function step(ctx: BenchContext, n: number, index: number): Promise<StepResult> {
	const { answer, cookie } = await postCheckout(ctx.baseUrl, checkoutKey('live', index))
	const url = `${ctx.baseUrl}/api/order/stream?orderNumber=${encodeURIComponent(answer.orderNumber!)}`
	const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })
	const trigger: Trigger = { at: null }
	let streams: Stream[] = []
	// On PostgreSQL, listen as the shop does: when the change was committed and announced.
	let notifyAt: number | null = null
	let listener: import('pg').Client | null = null
	if (ctx.database.kind === 'postgres' && ctx.database.url) {
		const pg = (await import('pg')).default
		listener = new pg.Client({ connectionString: ctx.database.url })
		await listener.connect()
		listener.on('notification', (n) => {
			if (n.channel === ORDERS_CHANNEL && n.payload === answer.orderNumber && trigger.at !== null) notifyAt ??= performance.now()
		})
		await listener.query(`LISTEN ${ORDERS_CHANNEL}`)
	}
	try {
		const connectStart = performance.now()
		streams = await openAll(n, url, cookie, agent, trigger)
		const connectMs = performance.now() - connectStart
		const held = streams.filter((s) => s.readyAt !== null && !s.req.destroyed)
		const shopRssMb = rssMb(ctx.shopPid)
		ctx.log(`live ${n}: ${held.length} of ${n} streams ready in ${(connectMs / 1000).toFixed(1)} s; shop RSS ${shopRssMb?.toFixed(0) ?? '?'} MB; paying`)

		let delivered = 0
		const allDelivered = new Promise<void>((resolve) => {
			onDelivered = () => {
				if (++delivered >= held.length) resolve()
			}
			if (!held.length) resolve()
		})
		// The status change: the buyer presses "Pay" on the simulator's payment page.
		trigger.at = performance.now()
		const pay = await rawRequest('POST', onShop(ctx.baseUrl, answer.paymentUrl!), {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'outcome=pay',
		})
		const payMs = performance.now() - trigger.at
		if (pay.status !== 303) throw new Error(`paying through the simulator answered ${pay.status}: ${pay.body.toString().slice(0, 200)}`)
		await Promise.race([allDelivered, sleep(DELIVERY_WAIT_MS)])
		onDelivered = () => {}

		const latencies = held.filter((s) => s.orderAt !== null).map((s) => s.orderAt! - trigger.at!)
		latencies.sort((a, b) => a - b)
		const errors: Record<string, number> = {}
		for (const s of streams) if (s.error) errors[s.error] = (errors[s.error] ?? 0) + 1
		return {
			requested: n,
			held: held.length,
			failed: n - held.length,
			connectMs,
			received: latencies.length,
			paid: held.filter((s) => orderStatusOf(s) === PAID_STATUS).length,
			early: streams.reduce((sum, s) => sum + s.early, 0),
			payMs,
			notifyMs: notifyAt === null ? null : notifyAt - trigger.at,
			min: latencies.length ? latencies[0] : null,
			p50: percentile(latencies, 0.5),
			p99: percentile(latencies, 0.99),
			max: latencies.length ? latencies[latencies.length - 1] : null,
			shopRssMb,
			errors,
		}
	} finally {
		onDelivered = () => {}
		for (const s of streams) s.req.destroy()
		agent.destroy()
		await listener?.end().catch(() => {})
		// Let the shop see the disconnects and drop its subscriptions before the next step.
		await sleep(Math.min(3_000, 500 + n))
	}
}

export async function liveSection(ctx: BenchContext): Promise<SectionResult> {
	const started = Date.now()
	const rows: Row[] = []
	const notes: string[] = [
		`database: ${ctx.database.label}`,
		'per step: a new order, N streams to it opened (at most ' +
			`${OPEN_CONCURRENCY} connecting at once), then the order paid through the PayPro simulator; latency from the payment POST to each stream's \`order\` event`,
	]
	const results: StepResult[] = []
	let steps = STEPS
	const limit = openFileLimit()
	if (limit !== null && Number.isFinite(limit)) {
		// Each stream is one descriptor here and one in the shop; keep room for everything else.
		const most = limit - 200
		const capped = steps.filter((n) => n <= most)
		if (capped.length < steps.length) {
			notes.push(`open-file limit (ulimit -n) is ${limit}: skipped steps above ${most} connections (${steps.filter((n) => n > most).join(', ')})`)
			steps = capped
		}
	}

	// Not reported: the first payment and the first streams run cold code paths.
	const warm = await step(ctx, WARMUP_STREAMS, 0)
	ctx.log(`live: warm-up with ${WARMUP_STREAMS} streams: ${warm.received} of ${warm.held} received the change, max ${warm.max?.toFixed(0) ?? 'n/a'} ms`)

	let previous: { n: number; ms: number } | null = null
	for (const [i, n] of steps.entries()) {
		const elapsed = Date.now() - started
		if (previous) {
			// Opening and delivery scale about linearly with N.
			const expected = (previous.ms * n) / previous.n
			if (elapsed + expected > BUDGET_MS) {
				notes.push(`skipped ${steps.slice(i).join(', ')} connections: the section's ${BUDGET_MS / 1000} s budget (BENCH_LIVE_BUDGET) would run out`)
				break
			}
		}
		const stepStart = Date.now()
		const r = await step(ctx, n, i + 1)
		previous = { n, ms: Date.now() - stepStart }
		results.push(r)
		ctx.log(
			`live ${n}: ${r.received} of ${r.held} received the change (${r.paid} as ${PAID_STATUS}); pay POST ${r.payMs.toFixed(0)} ms${r.notifyMs === null ? '' : `, NOTIFY after ${r.notifyMs.toFixed(0)} ms`}; ` +
				`latency min ${r.min?.toFixed(0) ?? 'n/a'} ms, p50 ${r.p50?.toFixed(0) ?? 'n/a'} ms, p99 ${r.p99?.toFixed(0) ?? 'n/a'} ms, max ${r.max?.toFixed(0) ?? 'n/a'} ms`,
		)
		rows.push({
			subject: `${n} streams`,
			metrics: [
				metric('Held', r.held, '', 0),
				metric('Failed', r.failed, '', 0, TARGETS.failed),
				metric('Connect', r.connectMs / 1000, 's', 1),
				metric('Received', r.received, '', 0),
				metric('Missed', r.held - r.received, '', 0, TARGETS.missed),
				metric('p50', r.p50, 'ms', 0),
				metric('p99', r.p99, 'ms', 0, TARGETS.p99),
				metric('Max', r.max, 'ms', 0),
				metric('Pay POST', r.payMs, 'ms', 0),
				...(r.notifyMs === null ? [] : [metric('NOTIFY', r.notifyMs, 'ms', 0)]),
				metric('Shop RSS', r.shopRssMb, 'MB', 0),
			],
		})
		if (Object.keys(r.errors).length) {
			notes.push(`${n} streams: errors: ${Object.entries(r.errors).map(([e, c]) => `${c}× ${e}`).join('; ')}`)
		}
		if (r.paid < r.received) notes.push(`${n} streams: ${r.received - r.paid} first order events after the payment did not say ${PAID_STATUS}`)
		if (r.early) notes.push(`${n} streams: ${r.early} order events arrived before the payment`)
		if (r.failed > n * 0.05) {
			const rest = steps.slice(i + 1)
			if (rest.length) notes.push(`stopped stepping up: ${r.failed} of ${n} streams failed (skipped ${rest.join(', ')})`)
			break
		}
	}
	notes.push(
		'"Pay POST": the simulator\'s payment POST, which answers once the shop\'s callback has marked the order paid' +
			(ctx.database.kind === 'postgres' ? '; "NOTIFY": when the order\'s NOTIFY reached a LISTEN of the bench\'s own (the change committed)' : ''),
	)
	return {
		name: 'live',
		subjectLabel: 'Open order pages',
		rows,
		notes,
		details: { database: ctx.database.label, steps: results, openFileLimit: limit, benchRssMb: process.memoryUsage().rss / 2 ** 20 },
	}
}
