import { z } from 'zod'
import { isOrderNumberShaped } from '../payments/receipt-rules'

// What a browser sends to turn on "Notify me on this phone": its PushSubscription (toJSON()) and,
// from an order page, the order. Bounded and checked before anything is stored.

export const PUSH_INPUT_MESSAGES = {
	endpoint: 'The push endpoint must be the https address your browser gave.',
	keys: 'The subscription keys are not the ones a browser gives (p256dh: 65 bytes, auth: 16 bytes, base64url).',
	order: 'That is not an order number.',
} as const

/** base64url without padding of exactly `bytes` bytes. */
const base64url = (bytes: number) =>
	z
		.string({ message: PUSH_INPUT_MESSAGES.keys })
		.length(Math.ceil((bytes * 4) / 3), PUSH_INPUT_MESSAGES.keys)
		.regex(/^[A-Za-z0-9_-]+$/, PUSH_INPUT_MESSAGES.keys)

const IP_HOST = /^(\d{1,3}\.){3}\d{1,3}$|^\[[0-9a-f:.]+\]$/i

/** The endpoint: a URL a push service gave; outside production (tests, trying it out) a local http one too. */
function endpointSchema(production: boolean) {
	return z
		.string({ message: PUSH_INPUT_MESSAGES.endpoint })
		.max(1000, PUSH_INPUT_MESSAGES.endpoint)
		.refine((value) => {
			let url: URL
			try {
				url = new URL(value)
			} catch {
				return false
			}
			if (url.username || url.password) return false
			if (!production) return url.protocol === 'https:' || url.protocol === 'http:'
			// A push service is on the internet by name: never the shop's own network.
			return url.protocol === 'https:' && !IP_HOST.test(url.hostname) && url.hostname !== 'localhost' && url.hostname.includes('.')
		}, PUSH_INPUT_MESSAGES.endpoint)
}

export function pushSubscriptionInput(production: boolean) {
	return z.object({
		orderNumber: z.string().max(40).refine(isOrderNumberShaped, PUSH_INPUT_MESSAGES.order).optional(),
		subscription: z.object({
			endpoint: endpointSchema(production),
			expirationTime: z.number().nullable().optional(),
			keys: z.object({ p256dh: base64url(65), auth: base64url(16) }, { message: PUSH_INPUT_MESSAGES.keys }),
		}),
	})
}

export function pushUnsubscribeInput(production: boolean) {
	return z.object({
		orderNumber: z.string().max(40).refine(isOrderNumberShaped, PUSH_INPUT_MESSAGES.order).optional(),
		endpoint: endpointSchema(production),
	})
}

export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionInput>>

/** Who a subscription belongs to: one order (its token holder asked), or a signed-in buyer's address. */
export const orderOwner = (orderNumber: string) => `order:${orderNumber}`
export const buyerOwner = (email: string) => `buyer:${email.trim().toLowerCase()}`
