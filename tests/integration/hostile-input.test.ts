// Hostile input over HTTP against the real server: every route of app/routes.ts (and the PayPro
// simulator's pages) gets NUL bytes, ids past PostgreSQL's integer range, broken %-encodings,
// malformed cookies, wrong Content-Types, oversized bodies (declared and chunked), paths out of the
// assets folder, unexpected methods and repeated sign-in requests. Each answer is a
// 4xx (or a normal page) with a sentence a person understands: never a 500, never an empty body.
import net from 'node:net'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminContracts } from '../../app/http/admin-contracts'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { placeOrder } from '../setup/payments'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'
import { routePatterns } from '../setup/route-table'
import type { RunningShop } from '../../server/start'

const PATTERNS = [...routePatterns(), '/paypro-sim/pay/:payproId']
const NUL = '%00'
const PAST_INT = '2147483648'
/** Past a 64-bit integer: no id column of any size names it. */
const PAST_INT64 = '9223372036854775808'
/** A lone UTF-16 surrogate (U+D800) as UTF-8 would carry it: not Unicode, so it cannot be decoded. */
const LONE_SURROGATE_BYTES = '%ED%A0%80'
const PARAM_VALUES = [NUL, PAST_INT, PAST_INT64, LONE_SURROGATE_BYTES, 'x'.repeat(3000), '%E0%A4%A', '-1', '1e309', '..%2F..%2Fetc%2Fpasswd', '%F0%9F%98%80']
const HOSTILE_QUERY = `internalOrderId=${NUL}&ordId=${NUL}&productId=${PAST_INT}&orderNumber=${NUL}&q=${NUL}&redirectTo=/%0A/x&token=%zz&category=${NUL}&before=${PAST_INT}0&partial=1`
const BAD_COOKIES = `staff_session=%zz; staff_device=%zz; oa_X=%zz; shop_pending=%E0%A4%A; buyer_session=${LONE_SURROGATE_BYTES}`

function urlsFor(pattern: string): string[] {
	if (pattern === '/*') return ['/nowhere%00', `/nowhere/${PAST_INT}`, '/%E0%A4%A']
	if (!pattern.includes(':')) return [pattern, `${pattern}?${HOSTILE_QUERY}`]
	return PARAM_VALUES.map((value) => pattern.replace(/:\w+/g, value))
}

type Probe = { method: string; headers?: Record<string, string>; body?: string; label: string }

const json = (body: string): Probe => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body, label: `JSON ${body.slice(0, 30)}` })
const PROBES: Probe[] = [
	{ method: 'GET', label: 'GET' },
	{ method: 'GET', headers: { Cookie: BAD_COOKIES }, label: 'GET with malformed cookies' },
	{ method: 'HEAD', label: 'HEAD' },
	{ method: 'POST', label: 'POST without a body' },
	{ method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello', label: 'POST text/plain' },
	{ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'intent=x&email=a%00b&name=%00&orderNumber=%00&staffId=2147483648', label: 'POST form with NUL' },
	{ method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=zz' }, body: '--zz\r\nbroken', label: 'POST broken multipart' },
	json('{"orderNumber":"\\u0000","email":"\\u0000","name":"\\u0000","comment":"\\u0000","productId":2147483648}'),
	json('{"orderNumber":"\\uD800","email":"a@b.pk\\uDFFF","name":"\\uDBFF","customerName":"\\uD800","productId":9223372036854775808}'),
	json('{"__proto__":{"isAdmin":true},"name":"x","constructor":{"prototype":{"polluted":1}}}'),
	json('{"name":"\\u200B\\u200C\\uFEFF","customerName":"\\u200B","title":"\\u2060","email":"\\u200B@b.pk"}'),
	{ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `__proto__=x&name=%E2%80%8B&orderNumber=${LONE_SURROGATE_BYTES}&email=%EF%BB%BF`, label: 'POST form with __proto__ and invisible names' },
	json('{"broken": '),
	json('[1,2,3]'),
	json('null'),
	{ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`, label: 'JSON of 2 MB' },
	{ method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}', label: 'PUT' },
	{ method: 'DELETE', label: 'DELETE' },
	{ method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{}', label: 'PATCH' },
]

/** A body of `mb` megabytes sent in pieces, without a Content-Length. */
function chunked(mb: number): ReadableStream<Uint8Array> {
	let left = mb
	return new ReadableStream({
		pull(controller) {
			if (left-- <= 0) return controller.close()
			controller.enqueue(new Uint8Array(1024 * 1024).fill(120))
		},
	})
}

interface Answer {
	status: number
	type: string
	text: string
}

async function ask(origin: string, url: string, probe: Probe): Promise<Answer> {
	const controller = new AbortController()
	const res = await fetch(origin + url, {
		method: probe.method,
		headers: { Origin: origin, 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250) + 1}`, ...probe.headers },
		body: probe.body,
		redirect: 'manual',
		signal: controller.signal,
	})
	const type = res.headers.get('content-type') ?? ''
	// A live stream never ends: its first event is enough.
	let text = ''
	if (type.includes('text/event-stream')) {
		const reader = res.body!.getReader()
		const { value } = await reader.read()
		text = new TextDecoder().decode(value)
		controller.abort()
	} else {
		text = await res.text()
	}
	return { status: res.status, type, text }
}

/** What a person reads in the answer: the JSON `error`, else the page's text. */
function sentenceOf(answer: Answer): string {
	if (answer.type.includes('json')) {
		const body = JSON.parse(answer.text) as { error?: unknown } | { Description?: unknown }[]
		if (Array.isArray(body)) return String(body[0]?.Description ?? '')
		return typeof body.error === 'string' ? body.error : ''
	}
	return answer.text
		.replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
}

/**
 * Sends every request of `plan`, six at a time (as a probe would, and so concurrent requests are
 * probed too); returns each answer that is a 5xx, no answer, or a 4xx without a sentence.
 */
async function probeAll(origin: string, plan: readonly (readonly [string, Probe])[]): Promise<string[]> {
	const failures: string[] = []
	let next = 0
	const worker = async () => {
		while (next < plan.length) {
			const [url, probe] = plan[next++]!
			const answer = await ask(origin, url, probe).catch((error: Error) => ({ status: 0, type: '', text: `${error.message}: ${String(error.cause)}` }))
			const where = `${probe.label} ${url.slice(0, 80)} → ${answer.status}`
			if (answer.status >= 500 || answer.status === 0) failures.push(`${where}: ${answer.text.slice(0, 200)}`)
			else if (answer.status >= 400 && probe.method !== 'HEAD' && sentenceOf(answer).length < 12) failures.push(`${where} without a sentence: ${answer.text.slice(0, 200)}`)
		}
	}
	await Promise.all(Array.from({ length: 6 }, worker))
	return failures
}

/**
 * The corpus over every route and console endpoint (a few thousand requests) runs on one database:
 * PostgreSQL when the run has it, as production does, else the embedded one. It probes the input
 * layer in front of the database; the cases below, which reach the database, run on both.
 */
const CORPUS_KIND = databaseKinds.at(-1)

describe.each(databaseKinds)('hostile input on %s', (kind) => {
	const runsCorpus = kind === CORPUS_KIND
	let shop: RunningShop
	let orderNumber: string

	let adminKey: string

	const testShop = useTestShop(kind, 'hostile', { TRUST_PROXY: 'true', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'hostile-owner-password' })

	beforeAll(async () => {
		shop = testShop.shop
		orderNumber = (await placeOrder(shop.database.db)).orderNumber
		adminKey = (await createApiKey(shop.database.db, 'Hostile probe', null)).key
	})


	it('covers every route of the route table', () => {
		expect(PATTERNS.length).toBeGreaterThan(40)
		expect(PATTERNS).toContain('/product/:id')
		expect(PATTERNS).toContain('/admin/orders/:orderNumber')
	})

	if (runsCorpus) {
		it.each(PATTERNS)('%s answers every hostile request with a 4xx or a page, never a 500', async (pattern) => {
			const urls = urlsFor(pattern)
			// Every address with the reading probes; the first two with every body and method.
			const plan = urls.flatMap((url, i) => (i < 2 ? PROBES : PROBES.slice(0, 3)).map((probe) => [url, probe] as const))
			expect(await probeAll(shop.url, plan)).toEqual([])
		}, 120_000)
	}

	// The cases the outside probe found, each with the answer a person should get.
	const cases: { name: string; url: string; init?: RequestInit; status: number | number[]; says: RegExp }[] = [
		{ name: 'a NUL in the order lookup', url: `/api/order?internalOrderId=${NUL}`, status: 400, says: /character that is not allowed/ },
		{ name: 'a NUL in the PayPro id lookup', url: `/api/order?ordId=${NUL}`, status: 400, says: /character that is not allowed/ },
		{ name: 'a NUL on the order page', url: `/order-status?internalOrderId=${NUL}`, status: 400, says: /character that is not allowed/ },
		{ name: 'a NUL in a console order', url: `/admin/orders/${NUL}`, status: 400, says: /character that is not allowed/ },
		{ name: 'a NUL in a receipt', url: `/admin/receipts/${NUL}`, status: 400, says: /character that is not allowed/ },
		{ name: 'a NUL on the simulator page', url: `/paypro-sim/pay/${NUL}`, status: 400, says: /character that is not allowed/ },
		{ name: 'a product id past the integer range', url: `/product/${PAST_INT}`, status: 404, says: /Product not found/ },
		{ name: 'reviews of a product id past the integer range', url: `/api/reviews?productId=${PAST_INT}`, status: 400, says: /productId must be a product id/ },
		{ name: 'a broken %-encoding', url: '/%E0%A4%A', status: 400, says: /broken %-encoding/ },
		{ name: 'POST to the order lookup', url: '/api/order', init: { method: 'POST' }, status: 405, says: /only answers GET/ },
		{ name: 'POST to the reviews stream', url: '/api/reviews/stream?productId=1', init: { method: 'POST' }, status: 405, says: /only answers GET/ },
		{ name: 'POST to the sitemap', url: '/sitemap.xml', init: { method: 'POST' }, status: 405, says: /only answers GET/ },
		{ name: 'GET of the receipt upload', url: '/api/order/X/receipt', status: 405, says: /only answers POST/ },
		{ name: 'unlock as text/plain', url: '/api/order/unlock', init: { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }, status: 415, says: /web form/ },
		{ name: 'unlock without a Content-Type', url: '/api/order/unlock', init: { method: 'POST', body: new Uint8Array([120]) }, status: 415, says: /web form/ },
		{ name: 'unlock with a NUL in the order number', url: '/api/order/unlock', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"orderNumber":"\\u0000","email":"a@b.pk"}' }, status: 400, says: /character that is not allowed/ },
		{ name: 'JSON posted to the contact form', url: '/contact', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }, status: 415, says: /web form/ },
		{ name: 'a NUL in the contact name', url: '/contact', init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=a%00b&email=a@b.pk&message=hello' }, status: 400, says: /character that is not allowed/ },
		{ name: 'a NUL in a review', url: '/api/reviews', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"productId":1,"name":"A\\u0000","rating":5,"comment":"ok"}' }, status: 400, says: /character that is not allowed/ },
		{ name: 'a review of a product id past the integer range', url: '/api/reviews', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"productId":${PAST_INT},"name":"Ali","rating":5,"comment":"Great"}` }, status: 400, says: /Choose a product to review/ },
		{ name: 'a checkout line id past the integer range', url: '/api/checkout', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ customerName: 'Ali Raza', customerEmail: 'ali@example.pk', customerMobile: '03001234567', productDetails: [{ id: 2147483648, quantity: 1 }] }) }, status: 400, says: /Unknown product/ },
		{ name: 'a checkout of 20 MB', url: '/api/checkout', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"pad":"${'x'.repeat(20 * 1024 * 1024)}"}` }, status: 413, says: /too large/ },
		{ name: 'a PayPro simulator order of 20 MB', url: '/paypro-sim/v2/ppro/co', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"pad":"${'x'.repeat(20 * 1024 * 1024)}"}` }, status: 413, says: /too large/ },
		{ name: 'a PayPro simulator order of 100 KB', url: '/paypro-sim/v2/ppro/co', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"pad":"${'x'.repeat(100 * 1024)}"}` }, status: 413, says: /Invalid Data/ },
		{ name: 'a PayPro simulator order that is not JSON', url: '/paypro-sim/v2/ppro/co', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"MerchantId":' }, status: 400, says: /Invalid Data/ },
		{ name: 'a 1 MB sign-in email', url: '/admin/login', init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `email=${'a'.repeat(1024 * 1024)}%40example.pk&password=x` }, status: [400, 413], says: /./ },
		{ name: 'a forged unsubscribe link', url: '/unsubscribe?t=cmVuZXdhbC1yZW1pbmRlcnMKYUBiLnBr.forged', status: 400, says: /unsubscribe link is not valid/ },
		{ name: 'a one-click unsubscribe with a NUL token', url: `/unsubscribe?t=${NUL}`, init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }, status: 400, says: /character that is not allowed/ },
		{ name: 'a checkout address naming a value not sold', url: '/checkout?product=14&value=%2499999', status: 404, says: /cannot be bought online now/ },
		{ name: 'a checkout address naming a product past the integer range', url: `/checkout?product=${PAST_INT}`, status: 200, says: /No items to checkout/ },
		{ name: 'a checkout form posted without a line', url: '/checkout', init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'customerName=Ali' }, status: 400, says: /No items to checkout/ },
		{ name: 'a checkout form of 20 MB', url: '/checkout?product=14', init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `x=${'x'.repeat(20 * 1024 * 1024)}` }, status: 413, says: /too large/ },
		{ name: 'a renew link of an order that does not exist', url: '/renew/GV-0-0/0', status: 404, says: /could not find that subscription/ },
		{ name: 'a renew link with a line past the integer range', url: `/renew/GV-0-0/${PAST_INT}`, status: 404, says: /could not find that subscription/ },
		{ name: 'reveal as text/plain', url: '/api/order/reveal', init: { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }, status: 415, says: /web form/ },
		{ name: 'reveal with a unit id past any number', url: '/api/order/reveal', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"orderNumber":"GV-1-1","unitId":"99999999999999999999"}' }, status: 400, says: /Name the unit to reveal/ },
		{ name: 'reveal with a unit id as an object', url: '/api/order/reveal', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"orderNumber":"GV-1-1","unitId":{"$gt":0}}' }, status: 400, says: /Name the unit to reveal/ },
		{ name: 'reveal of an order that is not there', url: '/api/order/reveal', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"orderNumber":"GV-1-1","unitId":1}' }, status: 404, says: /Order not found/ },
		{ name: 'evidence in a format that is not one', url: '/api/admin/orders/GV-1-1/evidence?format=../../etc/passwd', init: { headers: { 'X-ADMIN-KEY': 'KEY' } }, status: 400, says: /format is json or pdf/ },
		{ name: 'unlock with a lone surrogate in the order number', url: '/api/order/unlock', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"orderNumber":"\\uD800","email":"a@b.pk"}' }, status: 400, says: /character that is not allowed/ },
		{ name: 'unlock with a lone low surrogate in the email', url: '/api/order/unlock', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"orderNumber":"${'GV-1-1'}","email":"a\\uDC00@b.pk"}` }, status: 400, says: /character that is not allowed/ },
		{ name: 'a review named by a lone surrogate', url: '/api/reviews', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"productId":1,"name":"A\\uD83D","rating":5,"comment":"ok"}' }, status: 400, says: /character that is not allowed/ },
		{ name: 'a checkout whose name is a lone surrogate', url: '/api/checkout', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"customerName":"\\uDFFF","customerEmail":"ali@example.pk","customerMobile":"03001234567","productDetails":[{"id":14,"quantity":1}]}' }, status: 400, says: /character that is not allowed/ },
		{ name: 'a lone surrogate in a console address', url: `/admin/orders/${LONE_SURROGATE_BYTES}`, status: 400, says: /broken %-encoding/ },
		{ name: 'a lone surrogate in a query', url: `/api/order?internalOrderId=${LONE_SURROGATE_BYTES}`, status: 400, says: /broken %-encoding/ },
		{ name: 'a lone surrogate in a page query', url: `/products?q=${LONE_SURROGATE_BYTES}`, status: 400, says: /broken %-encoding/ },
		{ name: 'a cut %-sequence in a query', url: '/order-status?internalOrderId=%E0%A4%A', status: 400, says: /broken %-encoding/ },
		{ name: 'a product id past 2^63', url: `/product/${PAST_INT64}`, status: 404, says: /Product not found/ },
		{ name: 'reviews of a product id past 2^63', url: `/api/reviews?productId=${PAST_INT64}`, status: 400, says: /productId must be a product id/ },
		{ name: 'a checkout with a __proto__ key', url: '/api/checkout', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"__proto__":{"customerName":"Ali"},"customerEmail":"ali@example.pk"}' }, status: 400, says: /named .{0,6}__proto__.{0,6}, which is not allowed/ },
		{ name: 'a checkout line with a __proto__ key', url: '/api/checkout', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"customerName":"Ali","productDetails":[{"id":14,"quantity":1,"__proto__":{"quantity":99}}]}' }, status: 400, says: /named .{0,6}__proto__.{0,6}, which is not allowed/ },
		{ name: 'a contact form with a __proto__ field', url: '/contact', init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '__proto__=x&name=Ali&email=a@b.pk&message=hello there' }, status: 400, says: /named .{0,6}__proto__.{0,6}, which is not allowed/ },
		{ name: 'a review named only by zero-width characters', url: '/api/reviews', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"productId":1,"name":"\\u200B\\u200C\\u200D\\uFEFF","rating":5,"comment":"ok"}' }, status: 400, says: /Please enter your name/ },
		{ name: 'a checkout named only by a zero-width space', url: '/api/checkout', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"customerName":" \\u200B ","customerEmail":"ali@example.pk","customerMobile":"03001234567","productDetails":[{"id":14,"quantity":1}]}' }, status: 400, says: /Please fill in all required fields/ },
		{ name: 'a contact message named only by invisible characters', url: '/contact', init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=%E2%80%8B%E2%80%8C%EF%BB%BF%E2%81%A0&email=a@b.pk&message=hello there friend' }, status: 400, says: /Please enter your name/ },
		{ name: 'a product named only by a zero-width space, over the console API', url: '/api/admin/products', init: { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': 'KEY' }, body: '{"name":"\\u200B","category":"gift-cards","description":"A card.","variants":[{"label":"$10","price":1000}]}' }, status: 400, says: /Please give the product a name/ },
		{ name: 'a product option labelled only by a BOM, over the console API', url: '/api/admin/products/14', init: { method: 'PATCH', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': 'KEY' }, body: '{"variants":[{"label":"\\uFEFF","price":1000}]}' }, status: 400, says: /Every option needs a label/ },
		{ name: 'store settings changed with an API key', url: '/api/admin/store-settings', init: { method: 'PATCH', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': 'KEY' }, body: '{"storeName":"\\u200B\\u2060"}' }, status: 403, says: /./ },
		{ name: 'a page saved with a lone surrogate, over the console API', url: '/api/admin/pages/faq', init: { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': 'KEY' }, body: '{"markdown":"# FAQ \\uD800"}' }, status: 400, says: /character that is not allowed/ },
		{ name: 'stock imported with a lone surrogate, over the console API', url: '/api/admin/products/14/stock', init: { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': 'KEY' }, body: '{"variantId":1,"kind":"code","units":[{"code":"CODE-\\uDC00-1"}]}' }, status: 400, says: /character that is not allowed/ },
		{ name: 'stock imported with a __proto__ key, over the console API', url: '/api/admin/products/14/stock', init: { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': 'KEY' }, body: '{"__proto__":{"variantId":1},"kind":"code","units":[{"code":"CODE-1"}]}' }, status: 400, says: /named .{0,6}__proto__.{0,6}, which is not allowed/ },
		{ name: 'a buyer sign-in as JSON with a lone surrogate', url: '/my-orders', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"a\\uD800@b.pk"}' }, status: 415, says: /web form/ },
		{ name: 'a buyer sign-in with an invisible email', url: '/my-orders', init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `email=%E2%80%8B%EF%BB%BF&orderNumber=${LONE_SURROGATE_BYTES}` }, status: [200, 400], says: /./ },
		{ name: 'JSON posted to sign-in', url: '/admin/login', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"a@b.pk","password":"x"}' }, status: 415, says: /web form/ },
		// In front of the routes: static files, express, unknown methods.
		{ name: 'a path out of the assets folder', url: '/assets/..%2F..%2Fpackage.json', status: 404, says: /could not find that file/ },
		{ name: 'a missing asset', url: '/assets/nowhere-ZZZZ0000.js', status: 404, says: /could not find that file/ },
		{ name: 'a missing asset asked as JSON', url: '/assets/nowhere-ZZZZ0000.css', init: { headers: { Accept: 'application/json' } }, status: 404, says: /could not find that file/ },
		{ name: 'a cut %-sequence in an asset', url: '/assets/%E0%A4%A', status: 400, says: /broken %-encoding/ },
		{ name: 'a NUL in an asset', url: `/assets/${NUL}`, status: 400, says: /character that is not allowed/ },
		{ name: 'PROPFIND on an asset', url: '/assets/nowhere-ZZZZ0000.js', init: { method: 'PROPFIND' }, status: [404, 405], says: /.{12}/ },
		// Oversized bodies, declared and chunked, on every kind of body reader.
		{ name: 'a receipt of 11 MB', url: '/api/order/GV-0-0/receipt', init: { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=zz' }, body: `--zz\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\n\r\n${'x'.repeat(11 * 1024 * 1024)}\r\n--zz--\r\n` }, status: 413, says: /too large/ },
		{ name: 'a chunked receipt of 12 MB', url: '/api/order/GV-0-0/receipt', init: { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=zz' }, body: chunked(12), duplex: 'half' } as RequestInit, status: [404, 413], says: /.{12}/ },
		{ name: 'a DM order with a 5 MB customer name', url: '/api/admin-create-dm-order', init: { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': 'KEY' }, body: JSON.stringify({ customer: { name: 'x'.repeat(5 * 1024 * 1024) }, totalAmount: 1, items: [] }) }, status: 413, says: /too large/ },
		{ name: 'a chunked DM order of 5 MB', url: '/api/admin-create-dm-order', init: { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': 'KEY' }, body: chunked(5), duplex: 'half' } as RequestInit, status: 413, says: /too large/ },
		{ name: 'a chunked checkout of 5 MB', url: '/api/checkout', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: chunked(5), duplex: 'half' } as RequestInit, status: 413, says: /too large/ },
		{ name: 'a product of 5 MB over the console API', url: '/api/admin/products', init: { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': 'KEY' }, body: `{"name":"${'x'.repeat(5 * 1024 * 1024)}"}` }, status: 413, says: /too large/ },
		{ name: 'a checkout of 40 MB declared', url: '/api/checkout', init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"pad":"${'x'.repeat(40 * 1024 * 1024)}"}` }, status: 413, says: /too large/ },
	]

	it('limits repeated sign-in requests for one email, asked from anywhere: a 429 that says when to try again, on the page and the call', async () => {
		const ask = (i: number) =>
			i % 2
				? fetch(`${shop.url}/api/order/unlock`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${i + 1}` }, body: JSON.stringify({ orderNumber, email: 'Repeat@Example.pk' }) })
				: fetch(`${shop.url}/my-orders`, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `192.0.2.${i + 1}` }, body: new URLSearchParams({ intent: 'request', email: 'repeat@example.pk' }) })
		const answers = []
		for (let i = 0; i < 8; i++) {
			const res = await ask(i)
			answers.push({ status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() })
		}
		expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
		for (const answer of answers.slice(5)) {
			expect(answer.status).toBe(429)
			expect(sentenceOf(answer)).toMatch(/try again in \d+ minutes/)
		}
	})

	it.each(cases)('$name: $status', async ({ url, init, status, says }) => {
		const headers: Record<string, string> = { Origin: shop.url, 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 250) + 1}`, ...(init?.headers as Record<string, string>) }
		if (headers['X-ADMIN-KEY']) headers['X-ADMIN-KEY'] = adminKey
		const res = await fetch(shop.url + url, { redirect: 'manual', ...init, headers })
		const answer = { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }
		expect([status].flat()).toContain(answer.status)
		expect(sentenceOf(answer)).toMatch(says)
	})

	it('treats a malformed staff cookie as absent: the browser can still sign in', async () => {
		const res = await fetch(`${shop.url}/admin/login`, { headers: { Cookie: 'staff_session=%zz' }, redirect: 'manual' })
		expect(res.status).toBe(200)
		expect(await res.text()).toContain('Staff sign-in')
		const signedIn = await fetch(`${shop.url}/admin/login`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Cookie: 'staff_session=%zz', Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '198.51.100.77' },
			body: new URLSearchParams({ email: 'owner@example.pk', password: 'hostile-owner-password' }),
		})
		expect(signedIn.status).toBe(302)
		expect(signedIn.headers.get('location')).toBe('/admin-dashboard')
	})

	it('refuses a store name of zero-width spaces from the owner’s own session, and keeps the name', async () => {
		const cookie = await signInOverHttp(shop.url, 'owner@example.pk', 'hostile-owner-password', '198.51.100.78')
		const res = await fetch(`${shop.url}/api/admin/store-settings`, {
			method: 'PATCH',
			headers: { Cookie: cookie, Origin: shop.url, 'Content-Type': 'application/json' },
			body: '{"storeName":"\\u200B\\u2060"}',
		})
		expect(res.status).toBe(400)
		expect(sentenceOf({ status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }).length).toBeGreaterThan(11)
		const kept = (await (await fetch(`${shop.url}/api/admin/store-settings`, { headers: { Cookie: cookie } })).json()) as { storeName: string }
		expect(kept.storeName.trim()).not.toBe('')
	})

	it("treats a malformed order cookie as absent: the order's public view still answers", async () => {
		const res = await fetch(`${shop.url}/api/order?internalOrderId=${orderNumber}`, { headers: { Cookie: `oa_${orderNumber}=%zz` } })
		expect(res.status).toBe(200)
		const { order } = (await res.json()) as { order: { full: boolean; orderNumber: string; orderId: string | null } }
		expect(order.full).toBe(false)
		// The public view names the order by its number; no PayPro order yet, so no PayPro id (never the row id).
		expect(order.orderNumber).toBe(orderNumber)
		expect(order.orderId).toBeNull()
	})

	it('keeps what was saved: the order placed before the probes is intact', async () => {
		const rows = await shop.database.db.execute(sql`select payment_status from orders where order_number = ${orderNumber}`)
		expect(rows.rows).toEqual([{ payment_status: 'awaiting_payment' }])
	})

	// The console API with a valid X-ADMIN-KEY: every endpoint of the contracts, hostile addresses,
	// queries and bodies. A key passes authentication, so each refusal comes from the input layer.
	const API_PARAM_VALUES = [NUL, PAST_INT, PAST_INT64, LONE_SURROGATE_BYTES, '%E0%A4%A', 'x'.repeat(300), '-1']
	const REAL_PARAMS: Record<string, string> = { id: '14', slug: 'faq', orderNumber: 'GV-0-0', assignmentId: '1' }
	const API_BODIES: Probe[] = PROBES.filter((probe) => probe.body !== undefined)

	if (runsCorpus) {
		it.each(adminContracts.map((c) => [`${c.method} ${c.path}`, c] as const))('%s, with a key, answers every hostile request with a 4xx and a sentence', async (_name, contract) => {
			const withParams = (value: string) => contract.path.replace(/\{(\w+)\}/g, (_m, name: string) => value || REAL_PARAMS[name]!)
			const hasParams = contract.path.includes('{')
			const plan: [string, Probe][] = []
			for (const value of hasParams ? API_PARAM_VALUES : ['']) {
				const url = withParams(value)
				plan.push([url, { method: contract.method, label: `${contract.method}` }])
				if (contract.method === 'GET') plan.push([`${url}?${HOSTILE_QUERY}&limit=${PAST_INT64}&page=${LONE_SURROGATE_BYTES}`, { method: 'GET', label: 'GET with a hostile query' }])
				else for (const probe of API_BODIES) plan.push([url, { ...probe, method: contract.method }])
			}
			// The real row, only with bodies that must be refused (no probe may change a product or page).
			if (hasParams && contract.body && !contract.multipart && contract.method !== 'DELETE') {
				for (const probe of API_BODIES.filter((p) => p.label !== 'PUT' && p.label !== 'PATCH')) plan.push([withParams(''), { ...probe, method: contract.method }])
			}
			expect(await probeAll(shop.url, plan.map(([url, probe]) => [url, { ...probe, headers: { 'X-ADMIN-KEY': adminKey, ...probe.headers } }] as const))).toEqual([])
		})
	}

	it('refuses a staff member named only by invisible characters, as the console’s form would send it', async () => {
		await expect(createStaff(shop.database.db, { email: 'ghost@example.pk', name: '\u200B\u200C\uFEFF ', role: 'staff', password: 'ghost-password-1' })).rejects.toThrow('Please enter a name.')
	})

	/** One request written by hand, so the Host header can be anything. */
	function rawRequest(head: string): Promise<{ status: number; text: string }> {
		const { port } = new URL(shop.url)
		return new Promise((resolve, reject) => {
			// Written, not ended: the server closes the connection after its answer (Connection: close).
			const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`))
			let raw = ''
			socket.setTimeout(10_000, () => socket.destroy())
			socket.setEncoding('latin1').on('data', (chunk: string) => (raw += chunk)).on('error', reject)
			socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), text: raw.slice(raw.indexOf('\r\n\r\n') + 4) }))
		})
	}

	it.each([
		['a space in the host', 'Host: shop example.pk'],
		['a port past 65535', 'Host: localhost:99999'],
		['an unclosed IPv6 bracket', 'Host: [::1'],
		['user info', 'Host: evil@localhost'],
		['a path', 'Host: localhost/admin'],
		['quotes and markup', 'Host: "><script>alert(1)</script>'],
		['a forwarded host that is not one (the proxy is trusted)', 'Host: localhost\r\nX-Forwarded-Host: a b<c>'],
	])('a bad Host header (%s) answers 400 with a sentence, on pages and on calls', async (_name, hostLines) => {
		for (const path of ['/', '/api/order?internalOrderId=x', '/sitemap.xml']) {
			const answer = await rawRequest(`GET ${path} HTTP/1.1\r\n${hostLines}`)
			expect(answer.status, `${path}: ${answer.text.slice(0, 300)}`).toBe(400)
			expect(answer.text).toContain('names a host that is not valid')
		}
	})

	it('serves a well-formed Host header', async () => {
		const { port } = new URL(shop.url)
		for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'shop.example.pk']) {
			expect((await rawRequest(`GET /healthz HTTP/1.1\r\nHost: ${host}`)).status, host).toBe(200)
		}
	})

	it('takes {__proto__}-shaped text as text: stored, answered and shown as typed, nothing polluted', async () => {
		const shaped = '{"__proto__":{"polluted":1}}'
		const res = await fetch(`${shop.url}/api/reviews`, {
			method: 'POST',
			headers: { Origin: shop.url, 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.201' },
			body: JSON.stringify({ productId: 1, name: shaped, rating: 5, comment: shaped }),
		})
		expect(res.status).toBeLessThan(300)
		const listed = (await (await fetch(`${shop.url}/api/reviews?productId=1`)).json()) as { reviews: { name: string; comment: string }[] }
		expect(listed.reviews.some((r) => r.name === shaped && r.comment === shaped)).toBe(true)
		const page = await (await fetch(`${shop.url}/product/1`)).text()
		expect(page).toContain('{&quot;__proto__&quot;:{&quot;polluted&quot;:1}}')
		expect(({} as Record<string, unknown>).polluted).toBeUndefined()
		expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
		expect(Object.prototype).not.toHaveProperty('polluted')
	})
})
