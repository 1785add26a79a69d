import type { EntryContext } from 'react-router'
import { routeMatcher, routeTreeOf } from './route-matcher'
import { HYDRATED_EVENT } from './boot-events'
import { looksLikeConsolePath } from './console-path'

/**
 * The two inline scripts that start the app in the browser, written in place of React Router's
 * <Scripts> (see docs/decisions/008-hydrate-after-paint.md).
 *
 * React Router's <Scripts> puts a modulepreload link for every chunk in the head and imports them
 * from a module script, so ~120 KB of JavaScript competes with the stylesheet and the product
 * images on a slow link, and the page's first paint waits behind it. Here the page paints first:
 * - `context` is React Router's own hand-off (loader data and the stream its later chunks feed);
 * - `loader` fetches the same modules and sets the same globals React Router's script sets, but
 *   only once the page has loaded and painted, or at the buyer's first tap or key press if that
 *   comes sooner. Until then the server's HTML is the page: links and forms work without it, and
 *   a tap on a button that needs the scripts is made again once they are running.
 */
export interface BootScripts {
	context: string
	loader: string
}

type Manifest = EntryContext['manifest']
type ManifestRoute = Manifest['routes'][string] & {}

/** What the browser needs to start: modules to fetch, route modules by id, the manifest. */
export interface BootPlan {
	preload: string[]
	routes: Array<[routeId: string, modules: string[]]>
	manifest: Omit<Manifest, 'sri'> & { sri?: true }
	entry: string
}

const STREAM_SCRIPT =
	'window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());'

// Plain ES2017 in a string: it runs as an inline classic script before any bundle has loaded.
const LOADER = `(function (plan) {
	var started = false;
	var inputs = ['pointerdown', 'keydown', 'touchstart'];
	// A tap on a script-driven button (Add, the cart, the menu) before the scripts have arrived is
	// kept and made again once the page has hydrated; links and form submits work without them.
	var pending = null;
	function remember(event) {
		var button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
		if (!button) return;
		event.preventDefault();
		pending = button;
	}
	addEventListener('click', remember, true);
	addEventListener('${HYDRATED_EVENT}', function () {
		if (pending && pending.isConnected) pending.click();
		pending = null;
	}, { once: true });
	function start() {
		if (started) return;
		started = true;
		inputs.forEach(function (type) { removeEventListener(type, start, true); });
		plan.preload.forEach(function (href) {
			var link = document.createElement('link');
			link.rel = 'modulepreload';
			link.href = href;
			document.head.appendChild(link);
		});
		// The imports in a task of their own: two short tasks keep the page responsive where one long one would not.
		setTimeout(importModules, 0);
	}
	function importModules() {
		Promise.all(plan.routes.map(function (route) {
			return Promise.all(route[1].map(function (href) { return import(href); }));
		})).then(function (loaded) {
			var modules = {};
			plan.routes.forEach(function (route, i) {
				modules[route[0]] = loaded[i].length === 1 ? loaded[i][0] : Object.assign.apply(Object, [{}].concat(loaded[i]));
			});
			window.__reactRouterManifest = plan.manifest;
			window.__reactRouterRouteModules = modules;
			return import(plan.entry);
		}).then(function () {
			// React now listens, and replays what happens while it hydrates.
			removeEventListener('click', remember, true);
		}, function (error) {
			removeEventListener('click', remember, true);
			console.error('The page could not load its scripts; it keeps working as a plain page.', error);
		});
	}
	inputs.forEach(function (type) { addEventListener(type, start, { capture: true, passive: true }); });
	// Once loaded, wait for the browser to report the first paint as shown (a frame callback alone
	// can run before the frame reaches the screen); without paint timing, wait one frame.
	function afterPaint() {
		var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
		if (!types || types.indexOf('paint') < 0) {
			requestAnimationFrame(function () { setTimeout(start, 0); });
			return;
		}
		var observer = new PerformanceObserver(function (list) {
			if (list.getEntriesByName('first-contentful-paint').length === 0) return;
			observer.disconnect();
			setTimeout(start, 0);
		});
		observer.observe({ type: 'paint', buffered: true });
	}
	if (document.readyState === 'complete') afterPaint();
	else addEventListener('load', afterPaint, { once: true });
})`

/**
 * Buyer pages register the shop's service worker (public/sw.js, ADR-034) once the page has loaded and
 * the browser is idle. The build's version is in its address: a deploy installs a new worker, whose
 * caches are named after it. Never on the staff console's pages.
 */
export function registerWorkerScript(version: string): string {
	const url = `/sw.js?v=${encodeURIComponent(version)}`
	return `if('serviceWorker'in navigator)addEventListener('load',function(){(window.requestIdleCallback||setTimeout)(function(){navigator.serviceWorker.register(${JSON.stringify(url)}).catch(function(){})})});`
}

export function bootScripts(entry: EntryContext): BootScripts {
	if (entry.renderMeta) entry.renderMeta.didRenderScripts = true
	const buyerPage = !looksLikeConsolePath(entry.staticHandlerContext.location.pathname)
	return {
		context: `window.__reactRouterContext = ${entry.serverHandoffString};${STREAM_SCRIPT}`,
		loader: `${LOADER}(${inlineJson(bootPlan(entry))});${buyerPage ? registerWorkerScript(entry.manifest.version) : ''}`,
	}
}

export function bootPlan(entry: EntryContext): BootPlan {
	const { manifest, staticHandlerContext } = entry
	const matched = staticHandlerContext.matches.map((m) => manifestRoute(manifest, m.route.id))
	const routes = matched.map((route): [string, string[]] => [route.id, routeModules(route)])
	return {
		preload: [manifest.entry.module, ...manifest.entry.imports],
		routes,
		manifest: partialManifest(manifest, staticHandlerContext.location.pathname, staticHandlerContext.basename, matched),
		entry: manifest.entry.module,
	}
}

function manifestRoute(manifest: Manifest, id: string): ManifestRoute {
	const route = manifest.routes[id]
	if (!route) throw new Error(`Route ${id} is not in the build manifest`)
	return route
}

/** A route's module, with its split client modules first as React Router merges them. */
function routeModules(route: ManifestRoute): string[] {
	return [route.clientActionModule, route.clientLoaderModule, route.clientMiddlewareModule, route.hydrateFallbackModule, route.module].filter(
		(href): href is string => Boolean(href),
	)
}

/**
 * React Router's lazy route discovery starts from a partial manifest: the matched routes and every
 * route matching an ancestor path of the URL. The rest is fetched from /__manifest as links appear.
 */
function partialManifest(manifest: Manifest, pathname: string, basename: string | undefined, matched: ManifestRoute[]): BootPlan['manifest'] {
	const ids = new Set(matched.map((r) => r.id))
	const segments = pathname.split('/').filter(Boolean)
	segments.pop()
	const paths = ['/']
	while (segments.length > 0) {
		paths.push(`/${segments.join('/')}`)
		segments.pop()
	}
	for (const path of paths) {
		for (const id of routesMatching(manifest, path, basename || '/')) ids.add(id)
	}
	const { sri, ...rest } = manifest
	return {
		...rest,
		routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])),
		...(sri ? { sri: true as const } : {}),
	}
}

/** Ancestor paths kept per build with the routes they match; the addresses are the visitor's to choose, so they are bounded. */
const MATCHES_KEPT = 1_000
const matchesKept = new WeakMap<Manifest, Map<string, string[]>>()

/**
 * The ids of the routes matching `path`, kept per build, as the same path always matches the same
 * routes (matching anew cost every page a tenth of its rendering; see route-matcher.ts).
 */
function routesMatching(manifest: Manifest, path: string, basename: string): string[] {
	let kept = matchesKept.get(manifest)
	if (!kept) matchesKept.set(manifest, (kept = new Map()))
	const key = `${basename} ${path}`
	let ids = kept.get(key)
	if (!ids) {
		if (kept.size >= MATCHES_KEPT) kept.clear()
		ids = (matcherFor(manifest)(path, basename) ?? []).map((match) => match.route.id!)
		kept.set(key, ids)
	}
	return ids
}

const matchers = new WeakMap<Manifest, ReturnType<typeof routeMatcher>>()

/** The manifest's routes as a matcher, made once per build. */
function matcherFor(manifest: Manifest): ReturnType<typeof routeMatcher> {
	let matcher = matchers.get(manifest)
	if (!matcher) matchers.set(manifest, (matcher = routeMatcher(routeTreeOf(manifest.routes))))
	return matcher
}

/** JSON that cannot close the script element it sits in. */
function inlineJson(value: unknown): string {
	return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
