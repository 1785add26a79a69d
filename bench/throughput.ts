// Requests per second of shop pages, next to a bare node:http server sending the same bytes.
// Uncompressed on both sides: the load generator sends no Accept-Encoding.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon, { type Result } from 'autocannon'
import { rawGet } from './http.ts'
import { ROOT, startScript } from './server.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

export const THROUGHPUT_PAGES = ['/product/1', '/products']

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2)
const RATIO_TARGET = { op: '>=', value: 0.5 } as const

/** Headers that belong to one connection or one moment, not to the page. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length'])

/** autocannon's per-request timeout: long enough that a slow machine gives figures rather than only errors. */
const TIMEOUT_S = 30
/** Below this the baseline itself was starved. */
const PLAUSIBLE_BARE_RPS = 2000

interface Load {
	rps: number
	/** null when no request completed. */
	p50: number | null
	p99: number | null
	requests: number
	errors: number
	non2xx: number
}

/** Median time of a few requests one after the other, with the server otherwise idle. */
async function sequentialMs(url: string, count = 5): Promise<number> {
	const times: number[] = []
	for (let i = 0; i < count; i++) {
		const started = performance.now()
		await rawGet(url)
		times.push(performance.now() - started)
	}
	times.sort((a, b) => a - b)
	return times[Math.floor(times.length / 2)]
}

async function load(url: string): Promise<Load> {
	const options = { url, connections: CONNECTIONS, timeout: TIMEOUT_S }
	if (WARMUP_S > 0) {
		await autocannon({ ...options, duration: WARMUP_S })
		// Requests the warm-up left in flight are still being served: wait for one more to come back.
		await rawGet(url)
	}
	const r: Result = await autocannon({ ...options, duration: DURATION_S })
	const done = r.requests.total > 0
	return {
		rps: r.requests.average,
		p50: done ? r.latency.p50 : null,
		p99: done ? r.latency.p99 : null,
		requests: r.requests.total,
		errors: r.errors + r.timeouts,
		non2xx: r.non2xx,
	}
}

const fmtLoad = (l: Load) =>
	`${l.rps.toFixed(0)} rps, p50 ${l.p50 ?? 'n/a'} ms, p99 ${l.p99 ?? 'n/a'} ms, ${l.requests} requests, ${l.errors} errors, ${l.non2xx} non-2xx`

export async function throughputSection(ctx: BenchContext): Promise<SectionResult> {
	const rows: Row[] = []
	const notes: string[] = [
		`autocannon: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured, no Accept-Encoding; shop and bare server loaded one after the other`,
	]
	const details: Record<string, unknown> = {}
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-bare-'))
	try {
		for (const page of THROUGHPUT_PAGES) {
			const url = ctx.baseUrl + page
			const plain = await rawGet(url)
			if (plain.status !== 200) throw new Error(`GET ${page} answered ${plain.status}, expected 200`)
			if (plain.headers['content-encoding']) {
				throw new Error(`GET ${page} without Accept-Encoding came back ${plain.headers['content-encoding']}-encoded`)
			}
			const gzip = await rawGet(url, { 'Accept-Encoding': 'gzip' })

			// Record the shop's answer for the bare server.
			const headers: [string, string][] = []
			for (let i = 0; i < plain.rawHeaders.length; i += 2) {
				if (!HOP_BY_HOP.has(plain.rawHeaders[i].toLowerCase())) headers.push([plain.rawHeaders[i], plain.rawHeaders[i + 1]])
			}
			const slug = page.replace(/[^\w]+/g, '_')
			const bodyFile = path.join(tmp, `${slug}.html`)
			const responseFile = path.join(tmp, `${slug}.json`)
			fs.writeFileSync(bodyFile, plain.body)
			fs.writeFileSync(responseFile, JSON.stringify({ status: plain.status, headers, bodyFile }))

			const shopSingle = await sequentialMs(url)
			ctx.log(`throughput ${page}: one request at a time takes ${shopSingle.toFixed(1)} ms; loading the shop`)
			const shop = await load(url)
			ctx.log(`throughput ${page}: shop ${fmtLoad(shop)}`)

			const bare = await startScript(path.join(ROOT, 'bench/bare-server.mjs'), [responseFile])
			let baseline: Load
			try {
				const check = await rawGet(bare.url + page)
				if (!check.body.equals(plain.body)) throw new Error('the bare server does not send the recorded body')
				ctx.log(`throughput ${page}: loading the bare server`)
				baseline = await load(bare.url + page)
				ctx.log(`throughput ${page}: bare ${fmtLoad(baseline)}`)
			} finally {
				await bare.stop()
			}

			rows.push({
				subject: page,
				metrics: [
					metric('Shop', shop.rps, 'rps', 0),
					metric('Bare', baseline.rps, 'rps', 0),
					metric('Ratio', baseline.rps > 0 ? shop.rps / baseline.rps : null, '', 3, RATIO_TARGET),
					metric('Shop p99', shop.p99, 'ms', 0),
					metric('Shop 1 req', shopSingle, 'ms', 1),
					metric('Bare p99', baseline.p99, 'ms', 0),
					metric('HTML', plain.body.length / 1024, 'KiB', 1),
					metric('HTML gz', gzip.body.length / 1024, 'KiB', 1),
					metric('Errors', shop.errors + shop.non2xx, '', 0),
				],
			})
			notes.push(`${page}: shop ${fmtLoad(shop)}`, `${page}: bare ${fmtLoad(baseline)}`)
			if (baseline.rps < PLAUSIBLE_BARE_RPS) {
				notes.push(
					`${page}: WARNING: the bare server managed only ${baseline.rps.toFixed(0)} rps (a bare node:http server does many thousands): ` +
						'the machine or the load generator was the bottleneck, so the ratio says little',
				)
			}
			details[page] = {
				shopSequentialMs: shopSingle,
				shop,
				bare: baseline,
				htmlBytes: plain.body.length,
				gzipBytes: gzip.body.length,
				gzipEncoding: gzip.headers['content-encoding'] ?? null,
				headers: Object.fromEntries(headers),
			}
		}
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true })
	}
	return {
		name: 'throughput',
		rows,
		notes,
		details: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S, timeoutSeconds: TIMEOUT_S, pages: details },
	}
}
