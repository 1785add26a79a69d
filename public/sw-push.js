// Web Push for the shop's service worker (/sw.js loads it with importScripts('/sw-push.js')).
// A push carries {title, body, url, tag} about an order, never a code: the notification says what
// happened and a tap opens the order page (an open tab of it is focused instead of opening another).
/* eslint-env serviceworker */

self.addEventListener('push', (event) => {
	let data = {}
	try {
		data = event.data ? event.data.json() : {}
	} catch {
		data = { body: event.data ? event.data.text() : '' }
	}
	const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/my-orders'
	event.waitUntil(
		self.registration.showNotification(typeof data.title === 'string' && data.title ? data.title : 'Order update', {
			body: typeof data.body === 'string' ? data.body : '',
			// One notification per order: a newer update replaces the older one, and still rings.
			tag: typeof data.tag === 'string' && data.tag ? data.tag : url,
			renotify: true,
			icon: '/favicon.svg',
			data: { url },
		}),
	)
})

self.addEventListener('notificationclick', (event) => {
	event.notification.close()
	const target = new URL((event.notification.data && event.notification.data.url) || '/my-orders', self.location.origin)
	event.waitUntil(
		self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
			const open = windows.find((w) => {
				const at = new URL(w.url)
				return at.origin === target.origin && at.pathname === target.pathname && at.search === target.search
			})
			if (open) return open.focus()
			return self.clients.openWindow(target.href)
		}),
	)
})
