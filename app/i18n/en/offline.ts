// English: the spec's words exactly. Keys are shared with ur/offline.ts (the build checks both name the same keys and places).
// offline: the offline page and a saved copy's notice (public/sw.js, ADR-034).
export default {
	title: 'You’re offline',
	description: 'This page needs an internet connection.',
	body: 'This page needs an internet connection. Check your connection and try again.',
	saved: 'Order pages you have opened on this device can still be seen as saved copies.',
	tryAgain: 'Try again',
	myOrders: 'My orders',
	savedCopy: 'You’re offline. This is a copy saved on this device on {time}; it may be out of date.',
} as const
