// Web push never posts into the shop's own network (ADR-033). At subscribe time the shop takes only
// the real push services' https addresses, by name, on port 443, without credentials, with keys a
// browser makes (a P-256 point, a 16-byte secret); anything else is a 400 with a sentence. At send
// time the push service's name is resolved first: an answer inside the shop's network (DNS can
// change after subscribing) drops the subscription and nothing is fetched; a row stored before these
// checks, pointing anywhere else, is dropped unfetched too. The local push service of the tests
// (tests/fakes/push-server.ts) is reached only through PUSH_TEST_SERVICE_ORIGIN, which production refuses.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { pushOutbox, pushSubscriptions } from '../../app/db/schema'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { orderOwner } from '../../app/domain/push/push-input'
import { sendQueuedPush } from '../../app/domain/push/send-queued-push.server'
import { ConfigError, parseEnv } from '../../app/utils/env.server'
import { startFakePushService } from '../fakes/push-server'
import { placeOrder } from '../setup/payments'
import { HOSTILE_ENDPOINTS } from '../setup/push-endpoints'
import { databaseKinds } from '../setup/test-db'
import { useTestShop } from '../setup/test-shop'

const push = await startFakePushService()
afterAll(() => push.close())

const json = { 'Content-Type': 'application/json' }
const FCM = 'https://fcm.googleapis.com/fcm/send/'

/** A browser's keys: a point on P-256 and a 16-byte secret. */
function browserKeys() {
	const ecdh = crypto.createECDH('prime256v1')
	ecdh.generateKeys()
	return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') }
}

function notOnTheCurve(): string {
	for (;;) {
		const bytes = Buffer.concat([Buffer.from([4]), crypto.randomBytes(64)])
		try {
			crypto.ECDH.convertKey(bytes, 'prime256v1')
		} catch {
			return bytes.toString('base64url')
		}
	}
}

describe('the local push service of tests is for tests only', () => {
	it('is refused by the settings check unless NODE_ENV=test, and must be an origin', () => {
		const origin = { PUSH_TEST_SERVICE_ORIGIN: 'http://127.0.0.1:4000' }
		const production = { NODE_ENV: 'production', PAYPRO_SIMULATOR: 'true', PUBLIC_URL: 'https://shop.example.pk' }
		for (const settings of [{ ...production, ...origin }, { ...origin }, { ...origin, NODE_ENV: 'development' }]) {
			expect(() => parseEnv(settings), JSON.stringify(settings)).toThrow(ConfigError)
			expect(() => parseEnv(settings)).toThrow(/PUSH_TEST_SERVICE_ORIGIN/)
		}
		expect(() => parseEnv({ NODE_ENV: 'test', PUSH_TEST_SERVICE_ORIGIN: 'http://127.0.0.1:4000/push' })).toThrow(/PUSH_TEST_SERVICE_ORIGIN/)
		expect(parseEnv({ NODE_ENV: 'test', ...origin }).PUSH_TEST_SERVICE_ORIGIN).toBe('http://127.0.0.1:4000')
	})
})

describe.each(databaseKinds)('web push targets on %s', (kind) => {
	const testShop = useTestShop(kind, 'hardening_push', { JOBS_WORKER: 'false', CHECKOUT_RATE_LIMIT: '1000', PUSH_TEST_SERVICE_ORIGIN: push.origin }, { emptiedAfterEach: true })
	let db: Db
	beforeAll(() => {
		db = testShop.db
	})
	afterEach(() => push.reset())

	const orderCookie = (order: { orderNumber: string; accessToken: string | null }) => `oa_${order.orderNumber}=${order.accessToken}`
	const subscribe = (order: { orderNumber: string; accessToken: string | null }, endpoint: string, keys: unknown = browserKeys()) =>
		fetch(`${testShop.url}/api/push/subscription`, { method: 'POST', headers: { ...json, Cookie: orderCookie(order) }, body: JSON.stringify({ orderNumber: order.orderNumber, subscription: { endpoint, expirationTime: null, keys } }) })
	const pendingPushes = () => db.select({ id: pushOutbox.id, subscriptionId: pushOutbox.subscriptionId }).from(pushOutbox).where(eq(pushOutbox.status, 'pending')).orderBy(pushOutbox.id)

	it('refuses every endpoint but a push service’s, and keys a browser does not make, with a 400 and a sentence; stores none of them', async () => {
		const order = await placeOrder(db)
		for (const endpoint of HOSTILE_ENDPOINTS) {
			const res = await subscribe(order, endpoint)
			const body = (await res.json()) as { error?: string }
			expect(res.status, endpoint).toBe(400)
			expect(body.error, endpoint).toMatch(/^The push endpoint must be .{20,}/)
		}
		const keys = browserKeys()
		const compressed = crypto.ECDH.convertKey(Buffer.from(keys.p256dh, 'base64url'), 'prime256v1', undefined, undefined, 'compressed') as Buffer
		for (const bad of [
			{ ...keys, p256dh: notOnTheCurve() },
			{ ...keys, p256dh: compressed.toString('base64url') },
			{ ...keys, p256dh: Buffer.concat([compressed, crypto.randomBytes(32)]).toString('base64url') },
			{ ...keys, p256dh: crypto.randomBytes(64).toString('base64url') },
			{ ...keys, auth: crypto.randomBytes(15).toString('base64url') },
			{ ...keys, auth: crypto.randomBytes(17).toString('base64url') },
		]) {
			const res = await subscribe(order, `${FCM}abc`, bad)
			const body = (await res.json()) as { error?: string }
			expect(res.status, JSON.stringify(bad)).toBe(400)
			expect(body.error).toMatch(/^The subscription keys are not .{20,}/)
		}
		expect(await db.select().from(pushSubscriptions)).toHaveLength(0)
		// The real services' addresses, as browsers give them, are taken.
		for (const endpoint of [`${FCM}abc:APA91b`, 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA', 'https://web.push.apple.com/QGx1', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2f']) {
			expect((await subscribe(order, endpoint)).status, endpoint).toBe(201)
		}
	})

	it('a push service whose name resolves inside the shop’s network is never fetched: the subscription is dropped', async () => {
		const order = await placeOrder(db)
		const answers: Array<Array<{ address: string; family: number }>> = [
			[{ address: '127.0.0.1', family: 4 }],
			[{ address: '142.250.181.10', family: 4 }, { address: '169.254.169.254', family: 4 }],
			[{ address: '::ffff:127.0.0.1', family: 6 }],
			[{ address: '::1', family: 6 }],
			[{ address: '10.1.2.3', family: 4 }],
			[{ address: '100.64.0.1', family: 4 }],
			[{ address: 'fd00::1', family: 6 }],
			[{ address: 'fe80::1', family: 6 }],
			[{ address: '0.0.0.0', family: 4 }],
			[{ address: '224.0.0.1', family: 4 }],
		]
		for (let i = 0; i < answers.length; i++) expect((await subscribe(order, `${FCM}phone${i}`)).status).toBe(201)
		await markOrderPaid(db, order.id)
		const queued = await pendingPushes()
		expect(queued).toHaveLength(answers.length)
		const asked: string[] = []
		for (const [i, { id }] of queued.entries()) {
			const resolve = async (hostname: string) => {
				asked.push(hostname)
				return answers[i]!
			}
			await sendQueuedPush(db, id, { finalAttempt: false, resolve })
		}
		expect(asked).toEqual(answers.map(() => 'fcm.googleapis.com'))
		expect(push.received).toHaveLength(0)
		expect(await db.select().from(pushSubscriptions)).toHaveLength(0)
		expect(await db.select().from(pushOutbox)).toHaveLength(0)
	})

	it('a subscription stored before these checks, pointing into the shop’s network, is dropped unfetched; the test settings’ push service alone is reached', async () => {
		const order = await placeOrder(db)
		const phone = push.browserSubscription()
		expect((await subscribe(order, phone.endpoint, phone.keys)).status).toBe(201)
		const port = new URL(push.origin).port
		const keys = browserKeys()
		for (const endpoint of [`http://localhost:${port}/push/legacy1`, `http://[::ffff:127.0.0.1]:${port}/push/legacy2`]) {
			await db.insert(pushSubscriptions).values({ owner: orderOwner(order.orderNumber), endpoint, p256dh: keys.p256dh, auth: keys.auth })
		}
		await markOrderPaid(db, order.id)
		const queued = await pendingPushes()
		expect(queued).toHaveLength(3)
		for (const { id } of queued) await sendQueuedPush(db, id, { finalAttempt: false })
		expect(push.received.map((r) => r.id)).toEqual([phone.endpoint.split('/').at(-1)])
		expect((await db.select().from(pushSubscriptions)).map((s) => s.endpoint)).toEqual([phone.endpoint])
	})
})
