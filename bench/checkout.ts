// Checkouts per second and their latency: POST /api/checkout under load, each with its own
// checkout key, so each one creates an order and a PayPro order through the built-in simulator
// (the shop's PayPro adapter calls the simulator over HTTP, as it would call PayPro).
import autocannon, { type Result } from 'autocannon'
import { checkoutBody, checkoutKey, checkoutKeyPrefix, onShop, postCheckout, rawGet, type CheckoutAnswer } from './http.ts'
import fs from 'node:fs'
import { metric, type BenchContext, type SectionResult } from './types.ts'

const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CHECKOUT_CONNECTIONS ?? 10) || 10)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2)
/** autocannon's per-request timeout. */
const TIMEOUT_S = 30
const SEQUENTIAL = 5

// Issue 22: checkout on PostgreSQL with lines as rows, at least 300 orders a second with p99 <= 100 ms
// (10 connections, every request a new order and a new PayPro order through the simulator).
const TARGETS = {
	rate: { op: '>=', value: 300 },
	p99: { op: '<=', value: 100 },
	failed: { op: '<=', value: 0 },
} as const

interface Tally {
	ok: number
	failed: number
	/** Failure messages (status and error text) and how often each came back. */
	reasons: Map<string, number>
	lastPaymentUrl: string | null
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number): number | null {
	try {
		// Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
		const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
		return (Number(fields[11]) + Number(fields[12])) / 100
	} catch {
		return null
	}
}

/** The PostgreSQL backends serving `database` (their command lines name it), by pid. */
function backendsOf(database: string): number[] {
	try {
		return fs
			.readdirSync('/proc')
			.filter((d) => /^\d+$/.test(d))
			.filter((d) => {
				try {
					return fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').startsWith(`postgres: `) && fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(` ${database} `)
				} catch {
					return false
				}
			})
			.map(Number)
	} catch {
		return []
	}
}

/**
 * CPU used by the shop's process and by its database's backends between start() and stop(): a cost
 * per checkout that a busy machine does not inflate, unlike the latency (Linux only).
 */
function cpuMeter(shopPid: number | undefined, databaseUrl: string | undefined) {
	const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null
	const read = () => {
		const shop = shopPid ? cpuSeconds(shopPid) : null
		const pids = database ? backendsOf(database) : []
		return { shop, backends: new Map(pids.map((pid) => [pid, cpuSeconds(pid) ?? 0])) }
	}
	const start = read()
	return () => {
		const end = read()
		let database = 0
		for (const [pid, seconds] of end.backends) database += seconds - (start.backends.get(pid) ?? 0)
		return { shop: start.shop != null && end.shop != null ? end.shop - start.shop : null, database: end.backends.size ? database : null }
	}
}

const newTally = (): Tally => ({ ok: 0, failed: 0, reasons: new Map(), lastPaymentUrl: null })

/** Runs autocannon for `duration` seconds, every request a new checkout key tagged `tag`. */
async function load(ctx: BenchContext, tag: string, duration: number, tally: Tally): Promise<Result> {
	let n = 0
	return autocannon({
		url: `${ctx.baseUrl}/api/checkout`,
		connections: CONNECTIONS,
		duration,
		timeout: TIMEOUT_S,
		requests: [
			{
				method: 'POST',
				path: '/api/checkout',
				headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
				setupRequest: (request) => ({ ...request, body: JSON.stringify(checkoutBody(checkoutKey(tag, ++n))) }),
				onResponse: (status, body) => {
					let answer: CheckoutAnswer = {}
					try {
						answer = JSON.parse(body) as CheckoutAnswer
					} catch {
						// counted as a failure below
					}
					if (status === 200 && answer.status === '00' && answer.paymentUrl) {
						tally.ok++
						tally.lastPaymentUrl = answer.paymentUrl
					} else {
						tally.failed++
						const reason = `${status} ${answer.error ?? answer.message ?? body.slice(0, 80)}`
						tally.reasons.set(reason, (tally.reasons.get(reason) ?? 0) + 1)
					}
				},
			},
		],
	})
}

/** What the shop wrote for the measured checkouts: orders with a PayPro id, and the simulator's orders. */
async function countInDatabase(url: string, prefix: string) {
	const pg = (await import('pg')).default
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		const { rows } = await client.query<{ orders: string; with_paypro: string; simulator: string }>(
			`select count(*) as orders,
				count(*) filter (where o.paypro_transaction_id is not null and o.payment_url is not null) as with_paypro,
				count(s.paypro_id) as simulator
			from orders o left join paypro_sim_orders s on s.order_number = o.order_number
			where o.checkout_key like $1`,
			[`${prefix}%`],
		)
		return { orders: Number(rows[0].orders), withPaypro: Number(rows[0].with_paypro), simulator: Number(rows[0].simulator) }
	} finally {
		await client.end()
	}
}

const reasonsText = (t: Tally) =>
	[...t.reasons.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, 5)
		.map(([r, n]) => `${n}× ${r}`)
		.join('; ')

export async function checkoutSection(ctx: BenchContext): Promise<SectionResult> {
	const notes: string[] = [
		`database: ${ctx.database.label}`,
		`autocannon: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured; every request a new checkout key ` +
			'(one $10 Xbox gift card, PayPro through the built-in simulator over HTTP)',
	]

	// One checkout first: it must work before it is worth loading, and its payment page must exist.
	const first = await postCheckout(ctx.baseUrl, checkoutKey('check', 1))
	const page = await rawGet(onShop(ctx.baseUrl, first.answer.paymentUrl!))
	if (page.status !== 200) throw new Error(`the simulator's payment page ${first.answer.paymentUrl} answered ${page.status}`)
	ctx.log(`checkout: one checkout works (${first.ms.toFixed(0)} ms, order ${first.answer.orderNumber})`)

	if (WARMUP_S > 0) {
		const warm = newTally()
		await load(ctx, 'warm', WARMUP_S, warm)
		ctx.log(`checkout: warm-up ${warm.ok} ok, ${warm.failed} failed${warm.failed ? ` (${reasonsText(warm)})` : ''}`)
	}
	// One at a time, with the server otherwise idle (this also waits out what the warm-up left in flight).
	const times: number[] = []
	for (let i = 1; i <= SEQUENTIAL; i++) times.push((await postCheckout(ctx.baseUrl, checkoutKey('seq', i))).ms)
	times.sort((a, b) => a - b)
	const single = times[Math.floor(times.length / 2)]
	ctx.log(`checkout: one at a time takes ${single.toFixed(0)} ms; loading with ${CONNECTIONS} connections for ${DURATION_S} s`)

	const tally = newTally()
	const cpu = cpuMeter(ctx.shopPid, ctx.database.kind === 'postgres' ? ctx.database.url : undefined)
	const r = await load(ctx, 'load', DURATION_S, tally)
	const used = cpu()
	const perCheckout = (seconds: number | null) => (seconds != null && tally.ok > 0 ? (seconds * 1000) / tally.ok : null)
	ctx.log(`checkout: CPU per checkout: shop ${perCheckout(used.shop)?.toFixed(2) ?? '?'} ms, database ${perCheckout(used.database)?.toFixed(2) ?? '?'} ms`)
	const done = r.requests.total > 0
	// Timeouts and socket errors never reach onResponse.
	const failed = tally.failed + r.errors + r.timeouts
	const perSecond = r.duration > 0 ? tally.ok / r.duration : 0
	ctx.log(
		`checkout: ${tally.ok} ok (${perSecond.toFixed(1)}/s), ${tally.failed} failed answers, ${r.errors} errors, ${r.timeouts} timeouts, ` +
			`p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
	)
	if (tally.reasons.size) notes.push(`failed answers: ${reasonsText(tally)}`)
	if ([...tally.reasons.keys()].some((k) => k.startsWith('429'))) {
		notes.push('WARNING: the rate limiter answered 429: the shop did not get the bench CHECKOUT_RATE_LIMIT')
	}

	// Check the answers against what the shop stored: every "00" answer is an order with its PayPro order.
	let stored: Awaited<ReturnType<typeof countInDatabase>> | null = null
	if (ctx.database.kind === 'postgres' && ctx.database.url) {
		// autocannon stops with up to CONNECTIONS checkouts still being served: let them finish.
		await new Promise((r) => setTimeout(r, 2_000))
		stored = await countInDatabase(ctx.database.url, checkoutKeyPrefix('load'))
		notes.push(
			`stored for the measured run: ${stored.orders} orders, ${stored.withPaypro} with a PayPro id and payment URL, ` +
				`${stored.simulator} PayPro orders in the simulator (${tally.ok} "00" answers; checkouts still in flight when the run stopped add a few)`,
		)
		if (stored.withPaypro < tally.ok || stored.simulator < tally.ok) {
			notes.push('WARNING: fewer stored PayPro orders than successful answers')
		}
	} else {
		notes.push('stored orders not counted: the shop ran on PGlite, which only the shop process can open')
	}
	if (tally.lastPaymentUrl) {
		const last = await rawGet(onShop(ctx.baseUrl, tally.lastPaymentUrl))
		if (last.status !== 200) notes.push(`WARNING: the last payment page ${tally.lastPaymentUrl} answered ${last.status}`)
	}

	return {
		name: 'checkout',
		subjectLabel: 'Request',
		rows: [
			{
				subject: `POST /api/checkout (${ctx.database.kind})`,
				metrics: [
					metric('Checkouts', perSecond, '/s', 1, TARGETS.rate),
					metric('p50', done ? r.latency.p50 : null, 'ms', 0),
					metric('p99', done ? r.latency.p99 : null, 'ms', 0, TARGETS.p99),
					metric('Max', done ? r.latency.max : null, 'ms', 0),
					metric('1 checkout', single, 'ms', 0),
					metric('Shop CPU', perCheckout(used.shop), 'ms', 2),
					metric('DB CPU', perCheckout(used.database), 'ms', 2),
					metric('OK', tally.ok, '', 0),
					metric('Failed', failed, '', 0, TARGETS.failed),
					...(stored ? [metric('Stored', stored.simulator, '', 0)] : []),
				],
			},
		],
		notes,
		details: {
			database: ctx.database.label,
			connections: CONNECTIONS,
			durationSeconds: DURATION_S,
			warmupSeconds: WARMUP_S,
			measuredSeconds: r.duration,
			checkoutsPerSecond: perSecond,
			ok: tally.ok,
			failedAnswers: tally.failed,
			errors: r.errors,
			timeouts: r.timeouts,
			failureReasons: Object.fromEntries(tally.reasons),
			latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
			sequentialMs: times,
			cpuMsPerCheckout: { shop: perCheckout(used.shop), database: perCheckout(used.database) },
			stored,
		},
	}
}
