import { pushFlag, type PushState } from './push-flag'

// Loaded on the first click of "Notify me on this phone": asks for permission, registers the shop's
// service worker, subscribes with the shop's VAPID key and hands the subscription to the shop. How
// long all of it may take is the button's to bound (PUSH_ANSWER_MS in push-flag.ts).

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

const send = (method: 'POST' | 'DELETE', body: unknown) =>
	fetch('/api/push/subscription', { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' })

export async function subscribe(orderNumber?: string): Promise<PushState> {
	const permission = await Notification.requestPermission()
	if (permission === 'denied') return 'blocked'
	if (permission !== 'granted') return 'offer'
	try {
		const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready)
		const answer = await fetch('/api/push/key')
		if (!answer.ok) return 'failed'
		const { publicKey } = (await answer.json()) as { publicKey: string }
		const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }))
		const saved = await send('POST', { orderNumber, subscription: subscription.toJSON() })
		if (!saved.ok) return 'failed'
		localStorage.setItem(pushFlag(orderNumber), '1')
		return 'on'
	} catch {
		return 'failed'
	}
}

export async function unsubscribe(orderNumber?: string): Promise<PushState> {
	try {
		const registration = await navigator.serviceWorker.getRegistration('/')
		const subscription = await registration?.pushManager.getSubscription()
		if (subscription) {
			const answer = await send('DELETE', { orderNumber, endpoint: subscription.endpoint })
			if (!answer.ok) return 'on'
		}
		localStorage.removeItem(pushFlag(orderNumber))
		return 'offer'
	} catch {
		return 'on'
	}
}
