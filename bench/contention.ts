// One visitor must never slow everyone: the p99 of a cheap page (GET /about) on an idle server,
// next to the same page while the CPU-heavy work strangers and staff can start runs at once:
// 20 wrong staff sign-ins from 10 addresses (scrypt at full strength), 5 cover uploads (sharp)
// a 5,000-line CSV stock import (the console's import form), and the largest sales reports a range
// allows (five years by week, and a year by day as the page, its CSV and the API; 3 of each) next to
// ranges the shop refuses (years 9999 and 0000, five years by day). The page is asked for every 100 ms
// (not after each answer, which would hide a stall), for as long as the load lasts.
import http from 'node:http'
import sharp from 'sharp'
import { signIn } from './http.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

const PAGE = '/about'
const IDLE_SAMPLES = 200
const MIN_LOAD_SAMPLES = 50
/** A visitor's request every 100 ms (BENCH_CONTENTION_INTERVAL): 10 a second, far below what the page serves idle. */
const INTERVAL_MS = Math.max(1, Number(process.env.BENCH_CONTENTION_INTERVAL ?? 100) || 100)
/** The gift card the other sections sell (bench/http.ts checkoutBody): its $10 option takes the codes. */
const PRODUCT_ID = 14
const SIGN_INS = 20
const ADDRESSES = 10
const COVERS = 5
const STOCK_LINES = 5000
/** Each of the largest reports' forms asked this many times at once (BENCH_CONTENTION_REPORTS). */
const REPORTS = Math.max(1, Number(process.env.BENCH_CONTENTION_REPORTS ?? 3) || 3)
/** Which loads run (BENCH_CONTENTION_LOAD, default all): to see which one holds the page. */
const LOADS = new Set((process.env.BENCH_CONTENTION_LOAD ?? 'signins,covers,import,reports').split(',').map((s) => s.trim()))

// The issue: 20 wrong sign-ins held every other request for 9 s. A page a visitor opens stays quick.
const TARGETS = { p99: { op: '<=', value: 1000 } } as const

interface Answer {
	status: number
	body: string
	ms: number
}

/** One request from `localAddress` (127/8 is all loopback on Linux: each address is a visitor of its own). */
function request(url: string, { method = 'GET', headers = {}, body, localAddress }: { method?: string; headers?: Record<string, string>; body?: Buffer | string; localAddress?: string } = {}): Promise<Answer> {
	const started = performance.now()
	const payload = body === undefined ? undefined : Buffer.from(body)
	return new Promise((resolve, reject) => {
		const req = http.request(url, { method, agent: false, localAddress, timeout: 120_000, headers: { ...headers, ...(payload ? { 'Content-Length': String(payload.length) } : {}) } }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (c: Buffer) => chunks.push(c))
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }))
			res.on('error', reject)
		})
		req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)))
		req.on('error', reject)
		req.end(payload)
	})
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]! : null
}

/**
 * GET /about every INTERVAL_MS, whether or not the last one has answered (as visitors arrive), `count`
 * times or until `until` settles (at least MIN_LOAD_SAMPLES): each request's ms. Asking only after
 * each answer would hide a stall: the one stalled request would be the only one sent meanwhile.
 */
async function sample(ctx: BenchContext, { count, until }: { count?: number; until?: Promise<unknown> }): Promise<number[]> {
	let done = false
	void until?.finally(() => (done = true))
	const requests: Promise<number>[] = []
	while (count !== undefined ? requests.length < count : !done || requests.length < MIN_LOAD_SAMPLES) {
		requests.push(
			request(`${ctx.baseUrl}${PAGE}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br', Accept: 'text/html' } }).then((answer) => {
				if (answer.status !== 200) throw new Error(`GET ${PAGE} answered ${answer.status}`)
				return answer.ms
			}),
		)
		await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS))
	}
	return Promise.all(requests)
}

/** A multipart/form-data body: text fields and one file field. */
function multipart(fields: Record<string, string>, file: { field: string; filename: string; type: string; bytes: Buffer }) {
	const boundary = `----bench${Math.random().toString(16).slice(2)}`
	const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
	const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`
	return { body: Buffer.concat([...parts, Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` }
}

export async function contentionSection(ctx: BenchContext): Promise<SectionResult> {
	const notes: string[] = [`database: ${ctx.database.label}`]
	const cookie = await signIn(ctx.baseUrl)
	const staff = { Cookie: cookie, Origin: ctx.baseUrl }

	// What the load needs, made before anything is measured: photo-like covers (noise encodes like a photo) and the codes.
	const covers = await Promise.all(
		Array.from({ length: COVERS }, (_, i) =>
			sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40 * i, g: 120, b: 200 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
				.jpeg({ quality: 85 })
				.toBuffer(),
		),
	)
	const stock = JSON.parse((await request(`${ctx.baseUrl}/api/admin/products/${PRODUCT_ID}/stock`, { headers: { ...staff, Accept: 'application/json' } })).body) as { variants: { variantId: number; label: string }[] }
	const variant = stock.variants.find((v) => v.label.startsWith('$10')) ?? stock.variants[0]
	if (!variant) throw new Error(`product ${PRODUCT_ID} has no variants to import stock for`)
	const csv = ['code', ...Array.from({ length: STOCK_LINES }, (_, i) => `CONTENTION-${Date.now().toString(36)}-${String(i).padStart(5, '0')}`)].join('\n')

	await sample(ctx, { count: 20 }) // warm-up
	// The report routes' modules load on their first request (once in a server's life): loaded before anything is timed.
	if (LOADS.has('reports')) {
		for (const path of ['/admin/reports?range=7d', '/admin/reports.csv?range=7d&part=series', '/api/admin/reports/sales?range=7d']) await request(`${ctx.baseUrl}${path}`, { headers: { ...staff, Accept: path.startsWith('/api/') ? 'application/json' : 'text/html' } })
	}
	const idle = await sample(ctx, { count: IDLE_SAMPLES })

	const started = performance.now()
	const signIns = Array.from({ length: LOADS.has('signins') ? SIGN_INS : 0 }, (_, n) =>
		request(`${ctx.baseUrl}/admin/login`, {
			method: 'POST',
			localAddress: `127.3.0.${1 + (n % ADDRESSES)}`,
			headers: { Origin: ctx.baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ email: `contention-${n}@example.com`, password: `wrong password ${n}` }).toString(),
		}),
	)
	const uploads = covers.slice(0, LOADS.has('covers') ? COVERS : 0).map((bytes, i) => {
		const form = multipart({}, { field: 'image', filename: `cover-${i}.jpg`, type: 'image/jpeg', bytes })
		return request(`${ctx.baseUrl}/api/admin/products/${PRODUCT_ID}/image`, { method: 'POST', headers: { ...staff, Accept: 'application/json', 'Content-Type': form.type }, body: form.body })
	})
	// The console's import form with the CSV as a file, as staff upload it.
	const stockForm = multipart({ intent: 'import', kind: 'code', variantId: String(variant.variantId) }, { field: 'file', filename: 'codes.csv', type: 'text/csv', bytes: Buffer.from(csv) })
	const stockImport = LOADS.has('import')
		? request(`${ctx.baseUrl}/admin/products/${PRODUCT_ID}/stock`, { method: 'POST', headers: { ...staff, 'Content-Type': stockForm.type }, body: stockForm.body })
		: Promise.resolve({ status: 0, body: '', ms: 0 })
	// The largest reports a range allows: five years (MAX_REPORT_DAYS, by week) and a year by day (MAX_BUCKETS); and ranges refused at once.
	const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
	const fiveYears = `from=${day(5 * 366 - 1)}&to=${day(0)}&by=week`
	const yearByDay = `from=${day(365)}&to=${day(0)}&by=day`
	const reportUrls = LOADS.has('reports')
		? [
				...Array.from({ length: REPORTS }, () => [`/admin/reports?${fiveYears}`, `/admin/reports?${yearByDay}`, `/admin/reports.csv?${yearByDay}&part=series`, `/api/admin/reports/sales?${yearByDay}`]).flat(),
				'/api/admin/reports/sales?from=9999-12-31&to=9999-12-31',
				'/api/admin/reports/sales?from=0000-01-01&to=0000-01-02',
				`/api/admin/reports/sales?from=${day(5 * 366 - 1)}&to=${day(0)}&by=day`,
			]
		: []
	const work = [...LOADS].filter((l) => l !== 'reports')
	const load = Promise.all([Promise.all(signIns), Promise.all(uploads), stockImport])
	const busy = work.length ? await sample(ctx, { until: load }) : []
	const [signInAnswers, uploadAnswers, importAnswer] = await load
	// The reports after, on their own: a row of their own says what they hold.
	const reportsLoad = Promise.all(reportUrls.map((path) => request(`${ctx.baseUrl}${path}`, { headers: { ...staff, Accept: path.startsWith('/api/') ? 'application/json' : 'text/html' } })))
	const reportsBusy = reportUrls.length ? await sample(ctx, { until: reportsLoad }) : []
	const reportAnswers = await reportsLoad
	const loadSeconds = (performance.now() - started) / 1000

	const tally = (answers: Answer[]) =>
		Object.entries(answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {}))
			.map(([status, n]) => `${n} × ${status}`)
			.join(', ')
	notes.push(
		`load: ${SIGN_INS} wrong staff sign-ins from ${ADDRESSES} addresses (${tally(signInAnswers)}, last answered after ${(Math.max(0, ...signInAnswers.map((a) => a.ms)) / 1000).toFixed(1)} s), ` +
			`${COVERS} cover uploads of 1600 × 1200 (${tally(uploadAnswers)}), a ${STOCK_LINES.toLocaleString('en-US')}-line CSV stock import (${importAnswer.status}, ${(importAnswer.ms / 1000).toFixed(1)} s), ` +
			`${reportAnswers.length} report requests, the largest allowed and refused ranges (${tally(reportAnswers)}, slowest ${(Math.max(0, ...reportAnswers.map((a) => a.ms)) / 1000).toFixed(1)} s); ${loadSeconds.toFixed(1)} s in all`,
		`${PAGE} every ${INTERVAL_MS} ms: ${idle.length} idle, ${busy.length} under load`,
	)
	const row = (subject: string, times: number[], target: boolean): Row => ({
		subject,
		metrics: [
			metric('p50', percentile(times, 0.5), 'ms'),
			metric('p99', percentile(times, 0.99), 'ms', 0, target ? TARGETS.p99 : undefined),
			metric('max', Math.max(...times), 'ms'),
			metric('requests', times.length, ''),
		],
	})
	return {
		name: 'contention',
		subjectLabel: 'GET /about',
		rows: [row('idle', idle, false), ...(busy.length ? [row(`while ${work.join(', ')} run`, busy, true)] : []), ...(reportsBusy.length ? [row('while the largest reports are drawn', reportsBusy, true)] : [])],
		notes,
		details: { idle, busy, reportsBusy, loadSeconds, signIns: signInAnswers.map((a) => [a.status, Math.round(a.ms)]), uploads: uploadAnswers.map((a) => [a.status, Math.round(a.ms)]), import: [importAnswer.status, Math.round(importAnswer.ms)], reports: reportAnswers.map((a, i) => [reportUrls[i], a.status, Math.round(a.ms)]) },
	}
}
