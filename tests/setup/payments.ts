// Shared by the payment tests: a buyer, orders placed the way the checkout places them, and the
// shop's own PayPro client and job handlers pointed at the fake providers.
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../app/db/client.server'
import { emailOutbox, jobs, orders } from '../../app/db/schema'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import { checkoutRequest } from '../../app/domain/orders/checkout-input'
import { createOrder } from '../../app/domain/orders/create-order.server'
import { withLinesOf } from '../../app/domain/orders/order-lines.server'
import { brevoProvider } from '../../app/integrations/email/brevo.server'
import { createPayProClient, type PayProClient } from '../../app/integrations/paypro/client.server'
import type { FakeBrevo } from '../fakes/brevo-server'
import type { FakePayPro } from '../fakes/paypro-server'

export const buyer = { customerName: 'Ali Khan', customerEmail: 'Ali@Example.pk', customerMobile: '0300 1234567' }

/** One $10 Xbox gift card: Rs. 3200 in the catalogue. */
export const giftCard10 = { id: 14, quantity: 1, selectedDenomination: { label: '$10 USD', value: 10 } }

export const newCheckoutKey = () => crypto.randomUUID()

/** The JSON body the checkout page sends. */
export function checkoutBody(productDetails: unknown[] = [giftCard10], extra: Record<string, unknown> = {}) {
	return { ...buyer, productDetails, checkoutKey: newCheckoutKey(), ...extra }
}

/** An order placed as POST /api/checkout places it: the request parsed, then priced and stored by the server. */
export async function placeOrder(db: Db, body: Record<string, unknown> = checkoutBody()) {
	const input = checkoutRequest.parse(body)
	const { order } = await createOrder(db, { ...input, checkoutKey: input.checkoutKey ?? newCheckoutKey() })
	return order
}

/** A transfer order placed over HTTP on a running shop, as the checkout page posts it (Hamza Ali buys). */
export function checkoutOverHttp(shopUrl: string, productDetails: unknown[], headers: Record<string, string> = {}): Promise<Response> {
	return fetch(`${shopUrl}/api/checkout`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify({ customerName: 'Hamza Ali', customerEmail: 'hamza@example.pk', customerMobile: '03001234567', paymentMethod: 'manual', productDetails }),
	})
}

export function payproClientFor(fake: Pick<FakePayPro, 'url' | 'credentials'>, timeoutMs = 3000): PayProClient {
	return createPayProClient({ baseUrl: fake.url, ...fake.credentials, timeoutMs })
}

/** The handlers a fresh worker process builds: email through Brevo (the fake), status checks through PayPro (the fake). */
export function handlersFor(db: Db, { brevo, paypro }: { brevo: FakeBrevo; paypro: PayProClient }) {
	return jobHandlers(db, {
		email: () => brevoProvider({ apiKey: brevo.apiKey, baseUrl: brevo.url }),
		paypro: () => paypro,
		reconcileAfterMinutes: 3,
		expiryHours: 72,
	})
}

/** Runs due jobs until none is left, as the worker loop does. */
export async function runAllJobs(db: Db, handlers: ReturnType<typeof handlersFor>) {
	let total = 0
	for (let ran = await runDueJobs(db, handlers); ran > 0; ran = await runDueJobs(db, handlers)) total += ran
	return total
}

/** The stored order with its lines (read from order_lines, as the shop reads them). */
export async function orderRow(db: Db, orderNumber: string) {
	const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber))
	return (await withLinesOf(db, row)) ?? undefined
}

export const outboxRows = (db: Db) => db.select().from(emailOutbox)
export const jobRows = (db: Db, kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind))

/** Lets the clock pass every retry's wait: pending jobs become due now. */
export async function makeJobsDue(db: Db) {
	await db.execute(sql`update jobs set run_at = now() - interval '1 second' where status = 'pending'`)
}

/** A real 1×1 PNG, as a phone screenshot starts. */
export function png(): Uint8Array<ArrayBuffer> {
	const crcTable = Array.from({ length: 256 }, (_, n) => {
		let c = n
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
		return c >>> 0
	})
	const crc = (buf: Buffer) => {
		let c = 0xffffffff
		for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
		return (c ^ 0xffffffff) >>> 0
	}
	const chunk = (type: string, data: Buffer) => {
		const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
		const out = Buffer.alloc(8 + data.length + 4)
		out.writeUInt32BE(data.length, 0)
		body.copy(out, 4)
		out.writeUInt32BE(crc(body), 8 + data.length)
		return out
	}
	const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
	return new Uint8Array(
		Buffer.concat([
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
			chunk('IHDR', ihdr),
			chunk('IDAT', zlib.deflateSync(Buffer.from([0, 255, 255, 255]))),
			chunk('IEND', Buffer.alloc(0)),
		]),
	)
}

/** A transaction ID no other order has, for a receipt's form (one order per TID). */
export const nextTid = (): string => `TID${crypto.randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`
