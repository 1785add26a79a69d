import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import express, { type Request, type Response } from 'express'
import type { Db } from '../../db/client.server'
import { placeholders, prepared } from '../../db/prepared.server'
import { payproSimOrders } from '../../db/schema'
import { formatRs, MAX_ORDER_TOTAL } from '../../utils/money'
import { logger } from '../../utils/logger.server'
import { requestJson } from './http.server'
import { SIMULATOR } from './paypro.server'
import { maskName } from '../../utils/mask-name'

// A PayPro-compatible provider served by the shop itself when no PayPro account is configured:
// the same /v2/ppro/auth, /co and /ggos endpoints, and a clearly marked test payment page that
// calls the shop's callback as PayPro does. The shop's real adapter talks to it over HTTP.

const TOKEN_TTL_MS = 15 * 60_000

function issueToken() {
	const expires = Date.now() + TOKEN_TTL_MS
	const mac = crypto.createHmac('sha256', SIMULATOR.clientSecret).update(String(expires)).digest('base64url')
	return `${expires}.${mac}`
}

function tokenValid(token: string | undefined) {
	const [expires, mac] = (token ?? '').split('.')
	if (!expires || !mac || Number(expires) < Date.now()) return false
	const expected = crypto.createHmac('sha256', SIMULATOR.clientSecret).update(expires).digest('base64url')
	return expected.length === mac.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(mac))
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export interface SimulatorOptions {
	db: Db
	/** Where the shop is, for the callback and for links back to the order page. */
	shopOrigin: () => string
	callback: () => { username: string; password: string }
}

let lastPayproId = 0
/** Numeric like PayPro's own ids, and never the same twice from one process. */
export function nextPayproId() {
	lastPayproId = Math.max(lastPayproId + 1, Date.now() * 1000 + crypto.randomInt(1000))
	return String(lastPayproId)
}

type SimOrderFields = Omit<typeof payproSimOrders.$inferInsert, 'payproId'>

/**
 * The order's PayPro record: a repeat for the same merchant order number gets the first one back
 * (as PayPro does); an id already taken by another order (another instance drew it) is drawn again.
 */
async function createOrFindSimOrder(db: Db, fields: SimOrderFields) {
	for (let draw = 0; draw < 5; draw++) {
		const params: Record<string, unknown> = {}
		const { row, shape } = placeholders({ ...fields, payproId: nextPayproId() }, '', params)
		const [inserted] = await prepared(db, `simulator order:${shape}`, (db) => db.insert(payproSimOrders).values(row).onConflictDoNothing().returning()).execute(params)
		if (inserted) return inserted
		const [existing] = await db
			.select()
			.from(payproSimOrders)
			.where(and(eq(payproSimOrders.merchantId, fields.merchantId), eq(payproSimOrders.orderNumber, fields.orderNumber)))
		if (existing) return existing
	}
	return null
}

/**
 * PayPro's API (/v2/ppro/auth, /co, /ggos), called by the shop's adapter server to server. Mounted
 * ahead of the shop's page middleware (request log, page headers): it stands in for a service
 * outside the shop, whose work the shop would not pay for.
 */
export function payproSimulatorApi({ db, shopOrigin }: Pick<SimulatorOptions, 'db' | 'shopOrigin'>) {
	const router = express.Router()
	router.use((_req, res, next) => {
		res.setHeader('Cache-Control', 'no-store')
		res.setHeader('X-Content-Type-Options', 'nosniff')
		next()
	})
	// GGOS is a GET with a JSON body: parse bodies whatever the method.
	router.use('/v2', express.json({ limit: '64kb', type: () => true }))

	router.post('/v2/ppro/auth', (req, res) => {
		const { clientid, clientsecret } = (req.body ?? {}) as Record<string, unknown>
		if (clientid !== SIMULATOR.clientId || clientsecret !== SIMULATOR.clientSecret) {
			res.status(401).json([{ Status: '02', Description: 'Invalid client id or secret' }])
			return
		}
		res.setHeader('token', issueToken())
		res.json([{ Status: '00', Description: 'Authenticated' }])
	})

	const authed = (req: Request, res: Response) => {
		if (tokenValid(req.header('token'))) return true
		res.status(401).json([{ Status: '02', Description: 'Unauthorized' }])
		return false
	}

	router.post('/v2/ppro/co', async (req, res) => {
		if (!authed(req, res)) return
		const body = Array.isArray(req.body) ? (req.body as Record<string, unknown>[]) : []
		const merchantId = String(body[0]?.MerchantId ?? '')
		const o = body[1] ?? {}
		const amount = Number(o.OrderAmount)
		const invalid =
			merchantId !== SIMULATOR.merchantId ||
			!o.OrderNumber ||
			!Number.isInteger(amount) ||
			amount <= 0 ||
			amount > MAX_ORDER_TOTAL ||
			!/^03\d{9}$/.test(String(o.CustomerMobile ?? '')) ||
			!/^\d{2}\/\d{2}\/\d{4}$/.test(String(o.OrderDueDate ?? ''))
		if (invalid) {
			res.json([{ Status: '01', Description: 'Invalid Data' }])
			return
		}
		const orderNumber = String(o.OrderNumber)
		const fields = {
			merchantId,
			orderNumber,
			amount,
			customerName: String(o.CustomerName ?? ''),
			customerEmail: String(o.CustomerEmail ?? ''),
			customerMobile: String(o.CustomerMobile ?? ''),
			dueDate: String(o.OrderDueDate),
		}
		const row = await createOrFindSimOrder(db, fields)
		if (!row) {
			logger.error({ orderNumber }, 'PayPro simulator: no free PayPro id after several draws')
			res.status(500).json([{ Status: '01', Description: 'Try again' }])
			return
		}
		const click2Pay = `${shopOrigin()}${SIMULATOR.basePath}/pay/${row.payproId}`
		res.json([
			{ Status: '00' },
			{
				Click2Pay: click2Pay,
				PayProId: row.payproId,
				OrderNumber: row.orderNumber,
				OrderAmount: String(row.amount),
				Description: 'Order created (PayPro simulator)',
				BillUrl: click2Pay,
				Fee: '0',
			},
		])
	})

	router.get('/v2/ppro/ggos', async (req, res) => {
		if (!authed(req, res)) return
		const { userName, cpayId } = (req.body ?? {}) as Record<string, unknown>
		const [row] = await db.select().from(payproSimOrders).where(eq(payproSimOrders.payproId, String(cpayId ?? ''))).limit(1)
		if (!row || userName !== row.merchantId) {
			res.json([{ Status: '03', Description: 'No records found.' }])
			return
		}
		res.json([
			{ Status: '00' },
			{
				OrderStatus: row.orderStatus,
				AmountPayable: row.amount,
				OrderAmountPaid: row.orderStatus === 'PAID' ? row.amount : 0,
				DatePaid: row.paidAt?.toISOString() ?? null,
				PaymentVia: row.paymentVia,
				OrderNumber: row.orderNumber,
			},
		])
	})

	// A body that is not JSON, or too large: PayPro's shape of a refusal. Anything else is the simulator's own failure.
	router.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
		if (error.status && error.status >= 400 && error.status < 500) {
			res.status(error.status).json([{ Status: '01', Description: 'Invalid Data' }])
			return
		}
		logger.error({ err: error }, 'PayPro simulator: request failed')
		res.status(500).json([{ Status: '01', Description: 'Try again' }])
	})
	return router
}

/** Waits between the simulator's calls of one order's callback, as PayPro calls again a shop that did not take it. */
export const CALLBACK_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000]

/**
 * Calls the shop's callback for one paid order until the shop answers that it took it ("00"), then
 * again after each of CALLBACK_RETRY_MS. Resolves after the first call; the retries run on their
 * own. Retries this process had not made when it stopped are left to the shop's reconciliation,
 * which asks about orders still unpaid a few minutes after they were placed.
 */
async function callShopUntilTaken({ shopOrigin, callback }: Pick<SimulatorOptions, 'shopOrigin' | 'callback'>, orderNumber: string) {
	const call = async (attempt: number) => {
		const creds = callback()
		const reply = await requestJson('POST', `${shopOrigin()}/paypro/uis`, {
			body: { username: creds.username, password: creds.password, csvinvoiceids: orderNumber },
			timeoutMs: 10_000,
		}).catch((error: unknown) => {
			logger.warn({ err: error, orderNumber, attempt }, 'simulator could not reach the shop callback')
			return null
		})
		if (reply && reply.status === 200 && Array.isArray(reply.body) && reply.body.some((r: { StatusCode?: unknown; InvoiceID?: unknown }) => r?.StatusCode === '00' && r.InvoiceID === orderNumber)) return
		const wait = CALLBACK_RETRY_MS[attempt]
		if (wait === undefined) {
			logger.warn({ orderNumber, attempts: attempt + 1 }, 'simulator stopped calling the shop callback; the shop reconciles the order')
			return
		}
		if (reply) logger.warn({ orderNumber, attempt, status: reply.status, retryInMs: wait }, 'the shop did not take the simulator callback; calling again')
		setTimeout(() => void call(attempt + 1), wait).unref()
	}
	await call(0)
}

/** The hosted payment page a buyer is sent to, which calls the shop's callback as PayPro does. */
export function payproSimulatorPages({ db, shopOrigin, callback }: SimulatorOptions) {
	const router = express.Router()

	router.get('/pay/:payproId', async (req, res) => {
		const [row] = await db.select().from(payproSimOrders).where(eq(payproSimOrders.payproId, req.params.payproId)).limit(1)
		res.setHeader('Cache-Control', 'no-store')
		if (!row) {
			res.status(404).send(page('Payment not found', '<p>This payment link is not valid.</p>'))
			return
		}
		const done = row.orderStatus !== 'UNPAID'
		res.send(
			page(
				`Pay ${formatRs(row.amount)}`,
				`<p class="amount">${escapeHtml(formatRs(row.amount))}</p>
				<dl><dt>Order</dt><dd>${escapeHtml(row.orderNumber)}</dd><dt>PayPro ID</dt><dd>${escapeHtml(row.payproId)}</dd><dt>Customer</dt><dd>${escapeHtml(maskName(row.customerName))}</dd></dl>
				${
					done
						? `<p>This order is already ${escapeHtml(row.orderStatus.toLowerCase())}.</p><p><a href="${shopOrigin()}/order-status?ordId=${encodeURIComponent(row.payproId)}">Back to the shop</a></p>`
						: `<form method="post"><button name="outcome" value="pay" class="pay">Pay ${escapeHtml(formatRs(row.amount))}</button>
						<button name="outcome" value="fail" class="fail">Fail payment</button></form>`
				}`,
			),
		)
	})

	router.post('/pay/:payproId', express.urlencoded({ extended: false }), async (req, res) => {
		const outcome = (req.body as { outcome?: string })?.outcome === 'pay' ? 'PAID' : 'FAILED'
		const [row] = await db
			.update(payproSimOrders)
			.set({ orderStatus: outcome, paidAt: outcome === 'PAID' ? new Date() : null, paymentVia: outcome === 'PAID' ? 'Simulator' : null })
			.where(and(eq(payproSimOrders.payproId, req.params.payproId), eq(payproSimOrders.orderStatus, 'UNPAID')))
			.returning()
		if (!row) {
			const [known] = await db.select({ id: payproSimOrders.payproId }).from(payproSimOrders).where(eq(payproSimOrders.payproId, req.params.payproId)).limit(1)
			if (!known) {
				res.status(404).send(page('Payment not found', '<p>This payment link is not valid.</p>'))
				return
			}
		}
		// As PayPro does: tell the shop, which checks back with GGOS before believing it. The first call is
		// made before the buyer returns; one the shop could not take (a database restarting) is sent again.
		if (row) await callShopUntilTaken({ shopOrigin, callback }, row.orderNumber)
		res.redirect(303, `${shopOrigin()}/order-status?ordId=${encodeURIComponent(req.params.payproId)}`)
	})

	// A body the page's form never sends (malformed, too large): a clear page, not Express's bare "Bad Request".
	router.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
		if (error.status && error.status >= 400 && error.status < 500) {
			res.status(error.status).send(page('Request not understood', '<p>This payment request could not be read. Go back to the shop and open the payment link again.</p>'))
			return
		}
		// The payment was not taken (the shop's database away, as PayPro's own can be): the buyer tries again.
		logger.warn({ err: error }, 'PayPro simulator: could not take a payment')
		res.status(503).setHeader('Retry-After', '5').send(page('Try again in a moment', '<p>The payment could not be taken just now, and no money moved. Please press Back and try again in a minute.</p>'))
	})

	return router
}

function page(title: string, body: string) {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · PayPro simulator</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0}main{max-width:420px;margin:0 auto;padding:1.5rem}
.test{background:#fde047;color:#422006;font-weight:700;padding:.75rem 1rem;text-align:center}.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px #0002}
.amount{font-size:2rem;font-weight:800;margin:.25rem 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem}dt{color:#52525b}dd{margin:0;word-break:break-all}
button{display:block;width:100%;padding:.9rem;border:0;border-radius:10px;font-size:1rem;font-weight:700;margin-top:.75rem;cursor:pointer}.pay{background:#15803d;color:#fff}.fail{background:#e4e4e7;color:#18181b}</style></head>
<body><div class="test" role="note">TEST PAYMENT: PayPro simulator. No real money moves.</div><main><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div></main></body></html>`
}
