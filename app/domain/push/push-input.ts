import crypto from 'node:crypto'
import { z } from 'zod'
import { isOrderNumberShaped } from '../payments/receipt-rules'

// What a browser sends to turn on "Notify me on this phone": its PushSubscription (toJSON()) and,
// from an order page, the order. Bounded and checked before anything is stored.

export const PUSH_INPUT_MESSAGES = {
	endpoint: 'The push endpoint must be the https address your browser’s push service gave (Google, Mozilla, Apple or Microsoft).',
	keys: 'The subscription keys are not the ones a browser gives (p256dh: a P-256 public key of 65 bytes, auth: 16 bytes, base64url).',
	order: 'That is not an order number.',
} as const

/**
 * The push services browsers subscribe with: the only hosts the shop ever posts a push to (https, port
 * 443, by name). Exact names, and `.`-prefixed suffixes for services with a host per region or device.
 */
export const PUSH_SERVICE_HOSTS = [
	'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet, Opera (Firebase Cloud Messaging)
	'updates.push.services.mozilla.com', // Firefox
	'push.services.mozilla.com',
	'web.push.apple.com', // Safari
	'.push.apple.com',
	'.notify.windows.com', // Edge on Windows (WNS)
] as const

const isPushServiceHost = (hostname: string) =>
	PUSH_SERVICE_HOSTS.some((host) => (host.startsWith('.') ? hostname.endsWith(host) && hostname.length > host.length : hostname === host))

/** Where a push goes: a push service by name, or (`local`) the test settings' local push service. */
export interface PushEndpoint {
	url: URL
	/** The test settings' local push service: reached as given, not through the name check. */
	local: boolean
}

/**
 * The endpoint if the shop may post to it, else null: a push service's https address by name on port
 * 443 without credentials, or one at exactly `testServiceOrigin` (a test's local push service; the
 * settings refuse it outside NODE_ENV=test). Printable ASCII only, as browsers give it, so every URL
 * parser reads the same host. Checked when subscribing and again before each send.
 */
export function pushEndpoint(value: string, testServiceOrigin?: string): PushEndpoint | null {
	if (value.length > 1000 || !/^[\x21-\x7e]+$/.test(value) || value.includes('\\')) return null
	let url: URL
	try {
		url = new URL(value)
	} catch {
		return null
	}
	if (url.username || url.password) return null
	if (testServiceOrigin && url.origin === testServiceOrigin) return { url, local: true }
	return url.protocol === 'https:' && url.port === '' && isPushServiceHost(url.hostname) ? { url, local: false } : null
}

/** base64url without padding of exactly `bytes` bytes, which also pass `check`. */
const base64url = (bytes: number, check: (value: Buffer) => boolean = () => true) =>
	z
		.string({ message: PUSH_INPUT_MESSAGES.keys })
		.length(Math.ceil((bytes * 4) / 3), PUSH_INPUT_MESSAGES.keys)
		.regex(/^[A-Za-z0-9_-]+$/, PUSH_INPUT_MESSAGES.keys)
		.refine((value) => {
			const decoded = Buffer.from(value, 'base64url')
			return decoded.length === bytes && check(decoded)
		}, PUSH_INPUT_MESSAGES.keys)

/** The browser's public key: an uncompressed point (0x04, x, y) that lies on P-256. */
function isP256Point(key: Buffer) {
	if (key.length !== 65 || key[0] !== 0x04) return false
	try {
		crypto.ECDH.convertKey(key, 'prime256v1')
		return true
	} catch {
		return false
	}
}

function endpointSchema(testServiceOrigin?: string) {
	return z
		.string({ message: PUSH_INPUT_MESSAGES.endpoint })
		.refine((value) => pushEndpoint(value, testServiceOrigin) !== null, PUSH_INPUT_MESSAGES.endpoint)
}

/** `testServiceOrigin`: the settings' PUSH_TEST_SERVICE_ORIGIN (tests only), whose endpoints are taken too. */
export function pushSubscriptionInput(testServiceOrigin?: string) {
	return z.object({
		orderNumber: z.string().max(40).refine(isOrderNumberShaped, PUSH_INPUT_MESSAGES.order).optional(),
		subscription: z.object({
			endpoint: endpointSchema(testServiceOrigin),
			expirationTime: z.number().nullable().optional(),
			keys: z.object({ p256dh: base64url(65, isP256Point), auth: base64url(16) }, { message: PUSH_INPUT_MESSAGES.keys }),
		}),
	})
}

export function pushUnsubscribeInput(testServiceOrigin?: string) {
	return z.object({
		orderNumber: z.string().max(40).refine(isOrderNumberShaped, PUSH_INPUT_MESSAGES.order).optional(),
		endpoint: endpointSchema(testServiceOrigin),
	})
}

export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionInput>>

/** Who a subscription belongs to: one order (its token holder asked), or a signed-in buyer's address. */
export const orderOwner = (orderNumber: string) => `order:${orderNumber}`
export const buyerOwner = (email: string) => `buyer:${email.trim().toLowerCase()}`
