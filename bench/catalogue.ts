// The storefront with a catalogue of hundreds: creates products through the console's API
// (POST /api/admin/products, signed in as the bench's owner) until the shop holds CATALOGUE_SIZE,
// then measures /products (Lighthouse under mobile throttling, as the lighthouse section does) and
// times the page's HTML one request at a time, first page and a later one.
//
// Environment: BENCH_CATALOGUE_SIZE (500), BENCH_CATALOGUE_RUNS (20 timed requests per row).
import zlib from 'node:zlib'
import { rawRequest } from './http.ts'
import { Browser, gzipBytes, measure, metricsOf } from './lighthouse.ts'
import { BENCH_STAFF } from './server.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

const SIZE = Math.max(1, Math.floor(Number(process.env.BENCH_CATALOGUE_SIZE) || 500))
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_CATALOGUE_RUNS) || 20))
const PLATFORMS = ['xbox', 'playstation', 'pc'] as const
const KINDS = ['subscription', 'gift_card', 'game_key', 'account', 'content_pack'] as const

async function signIn(baseUrl: string): Promise<string> {
	const res = await rawRequest('POST', `${baseUrl}/admin/login`, {
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(baseUrl).origin },
		body: new URLSearchParams({ email: BENCH_STAFF.email, password: BENCH_STAFF.password }).toString(),
	})
	const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('staff_session='))
	if (!cookie) throw new Error(`signing in as ${BENCH_STAFF.email} answered ${res.status} without a staff_session cookie`)
	return cookie
}

/** A product as an owner would add it: three durations, three values or one price, by turns. */
function productBody(n: number) {
	const kind = KINDS[n % KINDS.length]!
	const base = 1000 + (n % 40) * 150
	const variants =
		kind === 'subscription'
			? [1, 3, 6].map((months) => ({ label: `${months} Month${months > 1 ? 's' : ''}`, months, price: base * months }))
			: kind === 'gift_card'
				? [10, 25, 50].map((value) => ({ label: `$${value} USD`, value, price: value * 300 }))
				: [{ label: 'Standard', price: base }]
	return {
		name: `Bench Game ${String(n).padStart(3, '0')} ${kind.replace('_', ' ')}`,
		platform: PLATFORMS[n % PLATFORMS.length],
		kind,
		caption: 'Delivered by WhatsApp or email',
		description: `Bench catalogue product number ${n}, added through the console API.`,
		features: ['Instant activation', 'Works in Pakistan'],
		variants,
	}
}

async function timed(url: string) {
	const started = performance.now()
	const res = await rawRequest('GET', url, { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' }, timeoutMs: 60_000 })
	const ms = performance.now() - started
	if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`)
	const html = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.body).toString('utf8') : res.body.toString('utf8')
	return { ms, gzipBytes: res.body.length, cards: (html.match(/class="product-card/g) ?? []).length }
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null
}

export async function catalogueSection(ctx: BenchContext): Promise<SectionResult> {
	const cookie = await signIn(ctx.baseUrl)
	const origin = new URL(ctx.baseUrl).origin
	const listed = await rawRequest('GET', `${ctx.baseUrl}/api/admin/products?visibility=all`, { headers: { Cookie: cookie } })
	if (listed.status !== 200) throw new Error(`GET /api/admin/products answered ${listed.status}: ${listed.body.toString('utf8').slice(0, 200)}`)
	const existing = (JSON.parse(listed.body.toString('utf8')) as { total: number }).total
	const started = performance.now()
	const createMs: number[] = []
	for (let n = existing; n < SIZE; n++) {
		const t = performance.now()
		const res = await rawRequest('POST', `${ctx.baseUrl}/api/admin/products`, {
			headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' },
			body: JSON.stringify(productBody(n)),
		})
		createMs.push(performance.now() - t)
		if (res.status !== 201) throw new Error(`POST /api/admin/products answered ${res.status}: ${res.body.toString('utf8').slice(0, 200)}`)
	}
	ctx.log(`catalogue: ${SIZE - existing} products created through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`)

	const rows: Row[] = []
	const notes: string[] = []
	for (const [subject, path] of [
		['/products (first page)', '/products'],
		['/products?page=5', '/products?page=5'],
		['/products?category=pc', '/products?category=pc'],
	] as const) {
		for (let i = 0; i < 3; i++) await timed(ctx.baseUrl + path)
		const runs = []
		for (let i = 0; i < RUNS; i++) runs.push(await timed(ctx.baseUrl + path))
		const ms = runs.map((r) => r.ms)
		rows.push({
			subject: `HTML ${subject}`,
			metrics: [
				metric('p50', percentile(ms, 50), 'ms', 1),
				metric('p95', percentile(ms, 95), 'ms', 1, { op: '<=', value: 100 }),
				metric('HTML gz', runs[0]!.gzipBytes / 1024, 'KB', 1),
				metric('Cards', runs[0]!.cards, '', 0),
			],
		})
	}
	rows.push({ subject: 'POST /api/admin/products', metrics: [metric('p50', percentile(createMs, 50), 'ms', 1), metric('p95', percentile(createMs, 95), 'ms', 1)] })

	const browser = new Browser()
	try {
		const { lhr, scores, errors } = await measure(ctx, browser, `/products (${SIZE} products)`, `${ctx.baseUrl}/products`)
		const gzip = lhr ? await gzipBytes(lhr, origin) : null
		rows.push({ subject: `Lighthouse /products, ${SIZE} products`, metrics: metricsOf(lhr, gzip) })
		notes.push(`Lighthouse /products with ${SIZE} products: runs scored ${scores.join(', ')}${errors.length ? `; errors: ${errors.join(' | ')}` : ''}`)
	} finally {
		await browser.close()
	}
	return { name: `Storefront with ${SIZE} products`, rows, notes, details: { created: SIZE - existing } }
}
