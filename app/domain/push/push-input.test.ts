import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { HOSTILE_ENDPOINTS } from '../../../tests/setup/push-endpoints'
import { PUSH_INPUT_MESSAGES, pushSubscriptionInput, pushUnsubscribeInput } from './push-input'

const browserKey = () => {
	const ecdh = crypto.createECDH('prime256v1')
	ecdh.generateKeys()
	return ecdh
}
const keys = { p256dh: browserKey().getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') }
const parse = (endpoint: string, testServiceOrigin?: string) => pushSubscriptionInput(testServiceOrigin).safeParse({ subscription: { endpoint, keys } })
const withKeys = (k: unknown) => pushSubscriptionInput().safeParse({ subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: k } })


describe('a push subscription as the shop takes it', () => {
	it('takes the real push services’ https endpoints (FCM, Mozilla, Apple, Microsoft) and refuses every other address, with one sentence', () => {
		for (const endpoint of [
			'https://fcm.googleapis.com/fcm/send/abc:APA91b',
			'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
			'https://push.services.mozilla.com/wpush/v1/gAAAA',
			'https://web.push.apple.com/QGx1',
			'https://api.push.apple.com/3/device/x',
			'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2f',
			'https://fcm.googleapis.com:443/fcm/send/abc',
		]) {
			expect(parse(endpoint).success, endpoint).toBe(true)
		}
		for (const endpoint of HOSTILE_ENDPOINTS) {
			const result = parse(endpoint)
			expect(result.success, endpoint).toBe(false)
			expect(result.error!.issues[0]!.message).toBe(PUSH_INPUT_MESSAGES.endpoint)
			const off = pushUnsubscribeInput().safeParse({ endpoint })
			expect(off.success, endpoint).toBe(false)
		}
	})

	it('takes a local push service only at the exact origin the test settings name, never another local one', () => {
		const origin = 'http://127.0.0.1:4000'
		expect(parse(`${origin}/push/abc`, origin).success).toBe(true)
		for (const endpoint of ['http://127.0.0.1:4000/push/abc', 'http://127.0.0.1:4001/push/abc', 'http://localhost:4000/push/abc', 'http://user@127.0.0.1:4000/push/abc']) {
			const result = endpoint.startsWith(origin) ? parse(endpoint) : parse(endpoint, origin)
			expect(result.success, endpoint).toBe(false)
		}
	})

	it('refuses a p256dh that is not an uncompressed point on P-256, and an auth secret that is not 16 bytes', () => {
		const valid = browserKey()
		const compressed = crypto.ECDH.convertKey(valid.getPublicKey(), 'prime256v1', undefined, undefined, 'compressed') as Buffer
		let offCurve: Buffer
		do {
			offCurve = Buffer.concat([Buffer.from([4]), crypto.randomBytes(64)])
		} while (isPoint(offCurve))
		const bad = [
			{ ...keys, p256dh: offCurve.toString('base64url') },
			{ ...keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url') },
			{ ...keys, p256dh: Buffer.concat([Buffer.from([5]), valid.getPublicKey().subarray(1)]).toString('base64url') },
			{ ...keys, p256dh: compressed.toString('base64url') },
			{ ...keys, p256dh: Buffer.concat([compressed, crypto.randomBytes(32)]).toString('base64url') },
			{ ...keys, p256dh: valid.getPublicKey().subarray(0, 64).toString('base64url') },
			{ ...keys, p256dh: Buffer.concat([valid.getPublicKey(), Buffer.from([0])]).toString('base64url') },
			{ ...keys, p256dh: valid.getPublicKey().toString('base64') },
			{ ...keys, p256dh: keys.p256dh.slice(1) },
			{ ...keys, auth: crypto.randomBytes(15).toString('base64url') },
			{ ...keys, auth: crypto.randomBytes(17).toString('base64url') },
			{ ...keys, auth: `${keys.auth.slice(2)}==` },
			{ ...keys, auth: 'A'.repeat(21) + '/' },
			{ ...keys, auth: 'A'.repeat(21) + '=' },
		]
		for (const k of bad) {
			const result = withKeys(k)
			expect(result.success, JSON.stringify(k)).toBe(false)
			expect(result.error!.issues[0]!.message).toBe(PUSH_INPUT_MESSAGES.keys)
		}
		expect(withKeys(keys).success).toBe(true)
		expect(withKeys({ p256dh: valid.getPublicKey().toString('base64url'), auth: keys.auth }).success).toBe(true)
	})
})

function isPoint(bytes: Buffer) {
	try {
		crypto.ECDH.convertKey(bytes, 'prime256v1')
		return true
	} catch {
		return false
	}
}
