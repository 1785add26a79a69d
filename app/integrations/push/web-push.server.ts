import webpush from 'web-push'

// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): web-push builds the
// request (encryption, the signed JWT); it is sent with fetch, so any endpoint a browser gave works,
// and a test's local push service too.

export interface PushTarget {
	endpoint: string
	keys: { p256dh: string; auth: string }
}

export interface Vapid {
	subject: string
	publicKey: string
	privateKey: string
}

export class PushRefused extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message)
	}
	/** The push service no longer knows the subscription: it will never work again. */
	get gone() {
		return this.status === 404 || this.status === 410
	}
}

/** Sends one encrypted push; a refusal throws PushRefused with the service's status. */
export async function sendWebPush(target: PushTarget, payload: string, vapid: Vapid, { ttlSeconds = 86_400, timeoutMs = 10_000, topic }: { ttlSeconds?: number; timeoutMs?: number; topic?: string } = {}): Promise<void> {
	const request = webpush.generateRequestDetails(target, payload, {
		vapidDetails: vapid,
		TTL: ttlSeconds,
		urgency: 'high',
		contentEncoding: 'aes128gcm',
		...(topic ? { topic } : {}),
	})
	const res = await fetch(request.endpoint, {
		method: request.method,
		headers: request.headers as Record<string, string>,
		body: request.body ? new Uint8Array(request.body) : null,
		redirect: 'error',
		signal: AbortSignal.timeout(timeoutMs),
	})
	// The service's answer is not kept: only its status and first words, for the outbox's last error.
	const text = (await res.text().catch(() => '')).slice(0, 200)
	if (res.status < 200 || res.status >= 300) throw new PushRefused(res.status, `The push service answered ${res.status}${text ? `: ${text}` : ''}`)
}
