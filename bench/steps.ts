// The everyday steps a buyer or the owner waits on after pressing a button, one request at a time,
// as the browser sends them (React Router's `.data` requests where the page's script posts there):
// a buyer asking My orders for a sign-in code (their address is on an order, so an email is
// written), a product cover uploaded in the console (a fresh 1200 px photo each time, so it is
// converted every time), codes imported on the console's stock page, a review posted on a product
// page, and staff confirming a transfer receipt, then the console's order list they land on. The
// import is timed twice: into an option nobody waits for, and into one that WAITING paid orders wait
// for (a product of the bench's own, sold from stock and out of it); for the second, also how long
// after the answer the last of those orders had its code (the job worker's part).
// Each run of a step gets its own order, image, codes or network address, so rate limits and
// "stored already" shortcuts never make a run quicker than a real one.
//
// Besides the time to the answer, the shop's CPU time during it (every thread of its process, from
// /proc on Linux, in 10 ms ticks): on a machine shared with other work the first grows with the load, the second
// much less, so a regression shows in it either way.
//
// Environment: BENCH_STEPS_RUNS (timed runs per step, default 7, after one warm-up).
import fs from 'node:fs'
import http from 'node:http'
import sharp from 'sharp'
import { checkoutBody, onShop, rawRequest, signIn, type RawResponse } from './http.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_STEPS_RUNS) || 7))
/** The product whose cover is replaced and whose stock is imported: the $10 Xbox gift card's product (its first option). */
const PRODUCT_ID = 14
const REVIEWED_PRODUCT_ID = 1
const CODES_PER_IMPORT = 20
/** Paid orders waiting for stock when codes for them are imported. */
const WAITING = 10
/** After an import for waiting orders: longer than this without their codes fails the run. */
const SERVED_WITHIN_MS = 15_000

// The issue: every step answers within 300 ms of server time on a 2-core machine.
const TARGET = { op: '<=', value: 300 } as const

/** Each run from a loopback address of its own (127/8), so per-address limits (reviews: 5 an hour) never refuse one. */
let addresses = 0
const nextAddress = () => {
	const n = addresses++
	return `127.3.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`
}

function request(method: string, url: string, options: { headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {}): Promise<RawResponse> {
	if (!options.localAddress) return rawRequest(method, url, options)
	const body = options.body === undefined ? undefined : Buffer.from(options.body)
	const headers = { ...options.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) }
	return new Promise((resolve, reject) => {
		const req = http.request(url, { method, headers, agent: false, localAddress: options.localAddress, timeout: 30_000 }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (chunk: Buffer) => chunks.push(chunk))
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }))
			res.on('error', reject)
		})
		req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)))
		req.on('error', reject)
		req.end(body)
	})
}

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = 100

/** CPU time the process has used so far (user and system, every thread, ended ones too), in ms; null where /proc cannot say. */
function cpuMsOf(pid: number | undefined): number | null {
	if (!pid) return null
	try {
		// After the command's closing parenthesis: state is field 3, utime and stime fields 14 and 15.
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
	} catch {
		return null
	}
}

let shopPid: number | undefined
/** The shop's CPU time used by the last `timed` call. */
let lastCpuMs: number | null = null

/** Times `call` (one request, or a few the browser waits on together); throws unless it answered as `ok` says. */
async function timed(what: string, call: () => Promise<RawResponse>, ok: (res: RawResponse) => boolean = (res) => res.status < 400): Promise<number> {
	const cpuBefore = cpuMsOf(shopPid)
	const started = performance.now()
	const res = await call()
	const ms = performance.now() - started
	const cpuAfter = cpuMsOf(shopPid)
	lastCpuMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null
	if (!ok(res)) throw new Error(`${what} answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`)
	return ms
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
	const boundary = `----bench${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
	const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`)
	return { body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** A photo-like 1200 × 1200 JPEG (a gradient with noise), different every call. */
async function photo(): Promise<Buffer> {
	const side = 1200
	const noise = await sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } }).raw().toBuffer()
	const tint = Math.floor(Math.random() * 200)
	for (let y = 0; y < side; y++) {
		for (let x = 0; x < side; x++) {
			const i = (y * side + x) * 3
			noise[i] = (noise[i]! + tint + (x >> 3)) & 0xff
			noise[i + 1] = (noise[i + 1]! + (y >> 3)) & 0xff
		}
	}
	return sharp(noise, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 85 }).toBuffer()
}

/** A small valid PNG (the buyer's transfer receipt). */
const receiptPng = () => sharp({ create: { width: 400, height: 700, channels: 3, background: '#f4f4f4' } }).png().toBuffer()

interface TransferOrder {
	orderNumber: string
	email: string
}

/** A transfer order by `email` with its receipt uploaded: waiting for staff, as in the console's Transfers tab. */
async function transferOrder(ctx: BenchContext, tag: string, email: string, receipt: Buffer): Promise<TransferOrder> {
	const body = { ...checkoutBody(`bench-steps-${Date.now().toString(36)}-${tag}`.padEnd(16, '0')), customerEmail: email, paymentMethod: 'manual' }
	const res = await rawRequest('POST', `${ctx.baseUrl}/api/checkout`, { headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) })
	const answer = JSON.parse(res.body.toString('utf8')) as { orderNumber?: string }
	if (res.status >= 300 || !answer.orderNumber) throw new Error(`a transfer checkout answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`)
	const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
	const upload = multipart('receipt', 'receipt.png', 'image/png', receipt)
	const uploaded = await rawRequest('POST', `${ctx.baseUrl}/api/order/${encodeURIComponent(answer.orderNumber)}/receipt`, {
		headers: { Cookie: cookie, 'Content-Type': upload.contentType, Accept: 'application/json' },
		body: upload.body,
	})
	if (uploaded.status !== 200) throw new Error(`the receipt upload answered ${uploaded.status}: ${uploaded.body.toString('utf8').slice(0, 300)}`)
	return { orderNumber: answer.orderNumber, email }
}

/** A product of the bench's own, sold from stock (none yet): paid orders for it wait in the queue. */
async function queueProduct(ctx: BenchContext, headers: Record<string, string>): Promise<{ productId: number; variantId: number }> {
	const json = { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' }
	const created = await rawRequest('POST', `${ctx.baseUrl}/api/admin/products`, {
		headers: json,
		body: JSON.stringify({ name: `Bench queue card ${Date.now().toString(36)}`, platform: 'pc', kind: 'gift_card', description: 'Delivered from stock.', variants: [{ label: '$5', value: 5, price: 1500 }] }),
	})
	if (created.status !== 201) throw new Error(`creating the queue product answered ${created.status}: ${created.body.toString('utf8').slice(0, 300)}`)
	const product = JSON.parse(created.body.toString('utf8')) as { id: number; variants: { id: number }[] }
	const mode = await rawRequest('POST', `${ctx.baseUrl}/admin/products/${product.id}/stock.data`, {
		headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: form({ intent: 'mode', stockMode: 'stock_or_manual' }),
	})
	if (mode.status >= 300) throw new Error(`setting the queue product's stock mode answered ${mode.status}`)
	return { productId: product.id, variantId: product.variants[0]!.id }
}

/** WAITING orders of the queue product paid through the PayPro simulator: each waits for a code. */
async function payWaitingOrders(ctx: BenchContext, product: { productId: number; variantId: number }, tag: string) {
	for (let n = 0; n < WAITING; n++) {
		const body = { ...checkoutBody(`bench-steps-${tag}-${n}`.padEnd(16, '0')), productDetails: [{ id: product.productId, quantity: 1, variantId: product.variantId }] }
		const res = await rawRequest('POST', `${ctx.baseUrl}/api/checkout`, { headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) })
		const answer = JSON.parse(res.body.toString('utf8')) as { paymentUrl?: string }
		if (res.status >= 300 || !answer.paymentUrl) throw new Error(`a queue checkout answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`)
		const paid = await rawRequest('POST', onShop(ctx.baseUrl, answer.paymentUrl), { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'outcome=pay' })
		if (paid.status !== 303) throw new Error(`paying a queue order answered ${paid.status}`)
	}
}

/** Units of an option that buyers got, as the console's API counts them. */
async function soldUnits(ctx: BenchContext, headers: Record<string, string>, product: { productId: number; variantId: number }): Promise<number> {
	const res = await rawRequest('GET', `${ctx.baseUrl}/api/admin/products/${product.productId}/stock`, { headers: { ...headers, Accept: 'application/json' } })
	const counts = JSON.parse(res.body.toString('utf8')) as { variants: { variantId: number; sold: number }[] }
	return counts.variants.find((v) => v.variantId === product.variantId)?.sold ?? 0
}

/** Throws unless a console form's `.data` answer says it went well (its refusals are answered 200 with ok: false). */
function formSucceeded(what: string, res: RawResponse) {
	const text = res.body.toString('utf8')
	if (res.status >= 300 || !text.includes('"ok",true')) throw new Error(`${what} was refused (${res.status}): ${text.slice(0, 300)}`)
	return true
}

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : null
}

export async function stepsSection(ctx: BenchContext): Promise<SectionResult> {
	shopPid = ctx.shopPid
	const staff = await signIn(ctx.baseUrl)
	const staffHeaders = (extra: Record<string, string> = {}) => ({ Cookie: staff, Origin: ctx.baseUrl, ...extra })
	const stock = await rawRequest('GET', `${ctx.baseUrl}/api/admin/products/${PRODUCT_ID}/stock`, { headers: staffHeaders({ Accept: 'application/json' }) })
	// The option the transfer orders buy (checkoutBody): confirming them delivers these codes.
	const variantId = (JSON.parse(stock.body.toString('utf8')) as { variants: { variantId: number; label: string }[] }).variants.find((v) => v.label.startsWith('$10'))?.variantId
	if (!variantId) throw new Error(`product ${PRODUCT_ID} has no $10 option to import stock for`)

	const total = RUNS + 1
	ctx.log(`steps: preparing ${total} transfer orders with receipts and ${total} cover photos`)
	const receipt = await receiptPng()
	const stamp = Date.now().toString(36)
	const orders: TransferOrder[] = []
	for (let i = 0; i < total; i++) orders.push(await transferOrder(ctx, `${i}`, `steps-${stamp}-${i}@example.com`, receipt))
	const photos = await Promise.all(Array.from({ length: total }, photo))
	const queue = await queueProduct(ctx, staffHeaders())
	const servedAfter: number[] = []

	const steps: { subject: string; run: (i: number) => Promise<number> }[] = [
		{
			// A buyer who mistyped the number: the page must say so at once (issue: 8.5 s once, 1.5 s at most).
			subject: 'Unknown order id (GET /order-status?ordId=…)',
			run: (i) =>
				timed(
					'the unknown order page',
					() => request('GET', `${ctx.baseUrl}/order-status?ordId=9${String(i).padStart(14, '0')}`, { localAddress: nextAddress() }),
					(res) => res.body.toString('utf8').includes('Order Not Found'),
				),
		},
		{
			subject: 'Sign-in code request (POST /my-orders.data)',
			run: (i) =>
				timed('the sign-in code request', () =>
					request('POST', `${ctx.baseUrl}/my-orders.data`, {
						headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ctx.baseUrl },
						body: form({ intent: 'request', email: orders[i]!.email }),
						localAddress: nextAddress(),
					}),
				),
		},
		{
			subject: `Cover upload (POST /api/admin/products/${PRODUCT_ID}/image)`,
			run: (i) => {
				const upload = multipart('image', 'cover.jpg', 'image/jpeg', photos[i]!)
				return timed('the cover upload', () =>
					rawRequest('POST', `${ctx.baseUrl}/api/admin/products/${PRODUCT_ID}/image`, { headers: staffHeaders({ 'Content-Type': upload.contentType, Accept: 'application/json' }), body: upload.body }),
				)
			},
		},
		{
			subject: `Import ${CODES_PER_IMPORT} codes (POST /admin/products/${PRODUCT_ID}/stock.data)`,
			run: (i) => {
				const codes = Array.from({ length: CODES_PER_IMPORT }, (_, n) => `STEPS-${stamp}-${i}-${String(n).padStart(3, '0')}`.toUpperCase())
				return timed(
					'the stock import',
					() =>
						rawRequest('POST', `${ctx.baseUrl}/admin/products/${PRODUCT_ID}/stock.data`, {
							headers: staffHeaders({ 'Content-Type': 'application/x-www-form-urlencoded' }),
							body: form({ intent: 'import', variantId: String(variantId), kind: 'code', text: codes.join('\n'), slots: '' }),
						}),
					(res) => formSucceeded('the stock import', res),
				)
			},
		},
		{
			subject: `Import ${WAITING} codes for ${WAITING} waiting orders`,
			run: async (i) => {
				await payWaitingOrders(ctx, queue, `${stamp}-q${i}`)
				const soldBefore = await soldUnits(ctx, staffHeaders(), queue)
				const codes = Array.from({ length: WAITING }, (_, n) => `QUEUE-${stamp}-${i}-${String(n).padStart(3, '0')}`.toUpperCase())
				const answered = await timed(
					'the import for waiting orders',
					() =>
						rawRequest('POST', `${ctx.baseUrl}/admin/products/${queue.productId}/stock.data`, {
							headers: staffHeaders({ 'Content-Type': 'application/x-www-form-urlencoded' }),
							body: form({ intent: 'import', variantId: String(queue.variantId), kind: 'code', text: codes.join('\n'), slots: '' }),
						}),
					(res) => formSucceeded('the import for waiting orders', res),
				)
				// Measured from the request's start, like the answer: when the last waiting order had its code.
				const started = performance.now() - answered
				while ((await soldUnits(ctx, staffHeaders(), queue)) < soldBefore + WAITING) {
					if (performance.now() - started > SERVED_WITHIN_MS) throw new Error(`the waiting orders were not served within ${SERVED_WITHIN_MS / 1000} s of the import`)
					await new Promise((r) => setTimeout(r, 25))
				}
				if (i > 0) servedAfter.push(performance.now() - started)
				return answered
			},
		},
		{
			subject: `Review submit (POST /api/reviews)`,
			run: (i) =>
				timed(
					'the review',
					() =>
						request('POST', `${ctx.baseUrl}/api/reviews`, {
							headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: ctx.baseUrl },
							body: JSON.stringify({ productId: REVIEWED_PRODUCT_ID, name: `Bench buyer ${i}`, rating: 5, comment: 'Quick delivery, the code worked at once.' }),
							localAddress: nextAddress(),
						}),
					(res) => res.status === 201,
				),
		},
		{
			subject: 'Transfer confirm (POST /admin/payments.data)',
			run: (i) =>
				timed('the transfer confirmation', () =>
					rawRequest('POST', `${ctx.baseUrl}/admin/payments.data`, {
						headers: staffHeaders({ 'Content-Type': 'application/x-www-form-urlencoded' }),
						body: form({ intent: 'confirm', orderNumber: orders[i]!.orderNumber, note: 'Seen in the bank app.' }),
					}),
				),
		},
		{
			subject: 'Order list after confirming (GET /admin-dashboard)',
			run: () => timed('the order list', () => rawRequest('GET', `${ctx.baseUrl}/admin-dashboard`, { headers: staffHeaders({ Accept: 'text/html' }) })),
		},
	]

	// Run by run rather than step by step: each step meets whatever the previous ones left for the job worker.
	const first: number[] = []
	const times = steps.map(() => [] as number[])
	const cpu = steps.map(() => [] as number[])
	for (let i = 0; i < total; i++) {
		for (const [s, step] of steps.entries()) {
			const ms = await step.run(i)
			if (i > 0) {
				times[s]!.push(ms)
				if (lastCpuMs !== null) cpu[s]!.push(lastCpuMs)
			} else first.push(ms)
		}
	}

	const rows: Row[] = steps.map((step, s) => ({
		subject: step.subject,
		metrics: [metric('First', first[s]!, 'ms', 0), metric('Median', median(times[s]!), 'ms', 0, TARGET), metric('Max', Math.max(...times[s]!), 'ms', 0), metric('CPU', median(cpu[s]!), 'ms', 0)],
	}))
	// Not a step anyone waits on (staff have their answer): how soon the buyers get their codes.
	rows.push({ subject: `  ... the ${WAITING} waiting orders served`, metrics: [metric('Median', median(servedAfter), 'ms', 0), metric('Max', Math.max(...servedAfter), 'ms', 0)] })
	return {
		name: 'steps',
		subjectLabel: 'Step',
		rows,
		notes: [
			`database: ${ctx.database.label}`,
			`${RUNS} timed runs per step after one warm-up, one request at a time; each run's own order, photo, codes and network address`,
			"CPU: the shop process's CPU time during the request (all its threads: sharp's too), median; less sensitive to other work on the machine than the times",
		],
		details: { runs: RUNS, servedAfter, cpu: Object.fromEntries(steps.map((step, s) => [step.subject, cpu[s]])), first: Object.fromEntries(steps.map((step, s) => [step.subject, first[s]])), times: Object.fromEntries(steps.map((step, s) => [step.subject, times[s]])) },
	}
}
