import { describe, expect, it } from 'vitest'
import { PUSH_INPUT_MESSAGES, pushSubscriptionInput } from './push-input'

const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }
const parse = (endpoint: string, production = true) => pushSubscriptionInput(production).safeParse({ subscription: { endpoint, keys } })

describe('a push subscription as the shop takes it', () => {
	it('takes the https endpoints push services give', () => {
		for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:APA91b', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA', 'https://web.push.apple.com/QGx1']) {
			expect(parse(endpoint).success, endpoint).toBe(true)
		}
	})

	it('in production refuses plain http, addresses by number, localhost and credentials: the shop never posts into its own network', () => {
		for (const endpoint of ['http://fcm.googleapis.com/fcm/send/abc', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://localhost/x', 'https://intranet/x', 'https://user:pw@push.example.com/x', 'ftp://push.example.com/x']) {
			const result = parse(endpoint)
			expect(result.success, endpoint).toBe(false)
			expect(result.error!.issues[0]!.message).toBe(PUSH_INPUT_MESSAGES.endpoint)
		}
	})

	it('outside production a local push service is fine (tests, trying the shop out)', () => {
		expect(parse('http://127.0.0.1:4000/push/abc', false).success).toBe(true)
	})

	it('refuses keys of the wrong size or alphabet with one sentence', () => {
		for (const bad of [{ ...keys, p256dh: keys.p256dh.slice(1) }, { ...keys, auth: `${keys.auth.slice(2)}==` }, { ...keys, auth: 'A'.repeat(21) + '/' }]) {
			const result = pushSubscriptionInput(true).safeParse({ subscription: { endpoint: 'https://push.example.com/x', keys: bad } })
			expect(result.error!.issues[0]!.message).toBe(PUSH_INPUT_MESSAGES.keys)
		}
	})
})
