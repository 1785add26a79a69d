importScripts('/sw-push.js')
// The shop's service worker (docs/decisions/034-installable-shop.md). Plain JS, no build step.
// - The shell (the offline page and the stylesheets, fonts and images it names: hashed names) is
//   kept per build, and answers for the pages shown offline only; online pages load as without a worker.
// - Pages are always asked of the network first: online, the buyer gets the server's answer.
// - Order pages (/order-status, /my-orders, and their /ur/ twins) are kept as last seen, but only
//   when the server's answer says `X-Offline-Copy: keep` (never a page showing codes). Offline,
//   the kept copy is shown without its scripts and with a notice giving the time it was saved.
// - `X-Offline-Copy: forget` (the page after signing out) drops every kept page.
// - Any other page offline gets the offline page, never a stale catalogue or price.

var VERSION = new URL(self.location.href).searchParams.get('v') || 'dev'
var SHELL = 'shop-shell-' + VERSION
var PAGES = 'shop-pages-' + VERSION
var OFFLINE_PAGES = { en: '/offline', ur: '/ur/offline' }
var KEPT = /^\/(?:ur\/)?(?:order-status|my-orders)$/
var KEPT_DATA = /^\/(?:ur\/)?(?:order-status|my-orders)\.data$/
var HEADER = 'X-Offline-Copy'
var SAVED_AT = 'X-Saved-At'

function langOf(pathname) {
	return pathname === '/ur' || pathname.indexOf('/ur/') === 0 ? 'ur' : 'en'
}

/** The same-origin files a page or stylesheet names: stylesheets, fonts, images. */
function filesNamed(text) {
	var found = text.match(/\/(?:assets\/)?[\w./-]+\.(?:css|woff2?|svg|png|webp)(?=["')\s?#])/g) || []
	return found.filter(function (href, i) {
		return href.indexOf('//') !== 0 && found.indexOf(href) === i
	})
}

async function keepFile(cache, href) {
	if (await cache.match(href)) return
	var res = await fetch(href)
	if (!res.ok) return
	if (/\.css$/.test(href)) {
		var css = await res.clone().text()
		await Promise.all(filesNamed(css).map(function (f) { return keepFile(cache, f) }))
	}
	await cache.put(href, res)
}

async function keepShell() {
	var cache = await caches.open(SHELL)
	await Promise.all(
		Object.keys(OFFLINE_PAGES).map(async function (lang) {
			var res = await fetch(OFFLINE_PAGES[lang], { cache: 'no-store' })
			// The Urdu one only where the shop has Urdu pages; the English one is required.
			if (!res.ok) {
				if (lang === 'en') throw new Error('The offline page could not be kept: ' + res.status)
				return
			}
			var html = await res.clone().text()
			await cache.put(OFFLINE_PAGES[lang], res)
			await Promise.all(filesNamed(html).map(function (f) { return keepFile(cache, f) }))
		}),
	)
}

self.addEventListener('install', function (event) {
	event.waitUntil(keepShell().then(function () { return self.skipWaiting() }))
})

self.addEventListener('activate', function (event) {
	event.waitUntil(
		caches.keys().then(function (names) {
			return Promise.all(
				names
					.filter(function (name) { return name.indexOf('shop-') === 0 && name !== SHELL && name !== PAGES })
					.map(function (name) { return caches.delete(name) }),
			)
		}).then(function () { return self.clients.claim() }),
	)
})

self.addEventListener('fetch', function (event) {
	var req = event.request
	if (req.method !== 'GET') return
	var url = new URL(req.url)
	// Not the staff console's pages: they are no part of the installed shop.
	if (url.origin !== self.location.origin || /^\/admin(?:-dashboard|\/|$)/.test(url.pathname)) return
	if (req.mode === 'navigate') return event.respondWith(navigate(event, req, url))
	// A page's data as the app asks for it: only read, for the sign-out's "forget".
	if (KEPT_DATA.test(url.pathname)) return event.respondWith(fetch(req).then(function (res) { return watch(event, url, res, false) }))
	// The stylesheet, fonts and images of a page this worker answered offline come from the shell.
	// An online page's files are never touched: they come from the network and the browser's cache as without a worker.
	if (offlineClients.has(event.clientId)) event.respondWith(fromShell(req))
})

/** The pages (clients) answered with a saved copy or the offline page, while this worker runs. */
var offlineClients = new Set()

async function fromShell(req) {
	var hit = await caches.match(req, { cacheName: SHELL })
	return hit || fetch(req)
}

async function navigate(event, req, url) {
	var res
	try {
		res = await fetch(req)
	} catch (error) {
		var answer = (KEPT.test(url.pathname) && (await savedCopy(url))) || (await offlinePage(url))
		if (!answer) return Response.error()
		if (event.resultingClientId) offlineClients.add(event.resultingClientId)
		return answer
	}
	return watch(event, url, res, KEPT.test(url.pathname))
}

/** Keeps or drops the copy of a page as the server's answer says; the answer goes to the page untouched. */
function watch(event, url, res, kept) {
	var say = res.headers.get(HEADER)
	if (say === 'forget') event.waitUntil(caches.delete(PAGES))
	else if (kept) event.waitUntil(remember(url, res.clone(), say === 'keep'))
	return res
}

async function remember(url, res, keep) {
	var cache = await caches.open(PAGES)
	// Not keepable now (it shows codes, or it is no longer the buyer's): the older copy goes too.
	if (!keep || res.status !== 200 || res.type !== 'basic') return cache.delete(url.href)
	var body = await res.text()
	await cache.put(url.href, new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Saved-At': new Date().toISOString() } }))
}

/** A kept page as a plain page: its scripts would start an app that cannot reach the shop. */
function withoutScripts(html) {
	return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
}

function plainPage(html, status) {
	return new Response(html, { status: status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })
}

async function savedCopy(url) {
	var cache = await caches.open(PAGES)
	var copy = await cache.match(url.href)
	if (!copy) return null
	var savedAt = new Date(copy.headers.get(SAVED_AT) || Date.now())
	var lang = langOf(url.pathname)
	var shown
	try {
		// Pakistan's time, as the order page writes its dates ('27 Nov 2026, 3:20 PM PKT'), in Western digits.
		shown =
			savedAt
				.toLocaleString(lang === 'ur' ? 'ur-PK' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Karachi', numberingSystem: 'latn' })
				.replace(/\b(am|pm)\b/, function (m) { return m.toUpperCase() }) + ' PKT'
	} catch (error) {
		shown = savedAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC'
	}
	var html = withoutScripts(await copy.text())
		.replace(' data-saved-copy="" hidden=""', ' data-saved-copy=""')
		.replace('<time data-saved-at=""></time>', '<time datetime="' + savedAt.toISOString() + '">' + shown + '</time>')
	return plainPage(html, 200)
}

async function offlinePage(url) {
	var cache = await caches.open(SHELL)
	var page = (await cache.match(OFFLINE_PAGES[langOf(url.pathname)])) || (await cache.match(OFFLINE_PAGES.en))
	if (!page) return null
	return plainPage(withoutScripts(await page.text()), 200)
}
