import { createRequestHandler } from '@react-router/express'
import http from 'node:http'
import path from 'node:path'
import compression from 'compression'
import expressStaticGzip from 'express-static-gzip'
import express from 'express'
import helmet from 'helmet'
import { pinoHttp } from 'pino-http'
import { isWarmUp } from './warm-start'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { database } from '../app/db/client.server'
import type { Env } from '../app/utils/env.server'
import { loggedUrl, logger } from '../app/utils/logger.server'
import { publicOrigin } from '../app/utils/origin.server'
import { callbackCredentials, SIMULATOR, usingSimulator } from '../app/integrations/paypro/paypro.server'
import { payproSimulatorApi, payproSimulatorPages } from '../app/integrations/paypro/simulator.server'
import { simOrderStore } from '../app/integrations/kinguin/sim-order-store.server'
import { SUPPLIER_SIMULATOR, supplierSimulator } from '../app/integrations/kinguin/simulator.server'
import { simulatorSupplierInUse } from '../app/domain/suppliers/suppliers.server'
import { subscribe } from '../app/domain/realtime/hub.server'
import { REVIEWS_CHANNEL } from '../app/domain/reviews/add-review.server'
import { ORDERS_CHANNEL } from '../app/domain/orders/notify-order.server'
import { STORE_CHANGED_CHANNEL } from '../app/domain/store-changes.server'
import { readStoreDetails, storeDetailsDefaults } from '../app/domain/settings/store-details.server'
import { KNOWN_METHODS, refusalFor, refusalPage, refuseCrossSite, refuseHost, refuseRequest, wantsJson, type Refusal } from '../app/http/request-guard'
import { builtAssets, precompressed } from './built-assets'
import { createShopMetrics, type ShopMetrics } from './metrics'
import { createPageCache, newNonce, type PageCache } from './page-cache'

export interface ShopAppOptions {
	env: Env
	/** Production: the built server bundle. Development: a Vite dev server. */
	build: ServerBuild | null
	vite?: ViteDevServer
	clientDir: string
	/** Hashed files kept from earlier builds (scripts/keep-assets.ts), served after the current build's. */
	keptAssetsDir?: string
	/** Seconds a public catalogue page is served from memory; 0 disables the page cache. */
	pageCacheSeconds?: number
	/** Tests only: how often order changes may drop the pages (ORDER_CHANGES_COALESCED_MS). */
	orderChangesCoalescedMs?: number
}

/**
 * PAGE_CACHE_SECONDS, else 30 s in production and off in development. Every change staff or buyers
 * make to what a public page shows drops the pages at once (NOTIFY), orders within
 * ORDER_CHANGES_COALESCED_MS: the time only bounds a change whose notice was lost (ADR-060).
 */
export function pageCacheSecondsFrom(env: Env): number {
	return env.PAGE_CACHE_SECONDS ?? (env.NODE_ENV === 'production' ? 30 : 0)
}

// A load balancer's probe must get an answer even when the database hangs instead of refusing.
const HEALTH_TIMEOUT_MS = 2_000

/** Whether the database answers `select 1` within HEALTH_TIMEOUT_MS. */
async function databaseAnswers(): Promise<boolean> {
	let timer: ReturnType<typeof setTimeout> | undefined
	const timedOut = new Promise<false>((resolve) => {
		timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS)
	})
	try {
		return await Promise.race([database().db.execute('select 1').then(() => true), timedOut])
	} catch {
		return false
	} finally {
		clearTimeout(timer)
	}
}

/** The 4xx an error carries (http-errors' `status`/`statusCode`, as static files and body parsers throw), or null. */
function clientErrorStatus(error: unknown): number | null {
	if (typeof error !== 'object' || error === null) return null
	const { status, statusCode } = error as { status?: unknown; statusCode?: unknown }
	const value = typeof status === 'number' ? status : statusCode
	return typeof value === 'number' && value >= 400 && value < 500 ? value : null
}

/**
 * The service worker and what it imports are asked again on every visit, so a change reaches buyers
 * at once (ADR-034); the worker may control the whole site from /sw.js.
 */
function workerHeaders(res: http.ServerResponse, filePath: string) {
	const name = path.basename(filePath).replace(/\.(br|gz)$/, '')
	if (name !== 'sw.js' && name !== 'sw-push.js') return
	res.setHeader('Cache-Control', 'no-cache')
	res.setHeader('Service-Worker-Allowed', '/')
}

export function createShopApp({ env, build, vite, clientDir, keptAssetsDir, pageCacheSeconds = 0, orderChangesCoalescedMs }: ShopAppOptions) {
	const app = express() as express.Express & { pageCache: PageCache; metrics: ShopMetrics | null }
	const pageCache = createPageCache({
		ttlSeconds: pageCacheSeconds,
		orderChangesCoalescedMs,
		nonceOf: (res) => res.locals.cspNonce as string,
		onHit: (req) => logger.info({ req: { method: req.method, url: loggedUrl(req.url) }, res: { statusCode: 200 }, pageCache: 'hit' }, 'request completed'),
	})
	app.pageCache = pageCache
	// Only with a token: without one nothing is counted and /metrics is not there (ADR-056).
	app.metrics = env.METRICS_TOKEN ? createShopMetrics({ routes: build?.routes ?? null, database, token: env.METRICS_TOKEN }) : null
	if (pageCache.enabled) {
		// Reviews and console changes written by any process of the shop drop the pages at once; orders
		// (the home page's leaderboard, an option running low or out) at once after a quiet spell, then at
		// most once per ORDER_CHANGES_COALESCED_MS (ADR-060).
		for (const [channel, drop] of [
			[REVIEWS_CHANNEL, pageCache.clear],
			[STORE_CHANGED_CHANNEL, pageCache.clear],
			[ORDERS_CHANNEL, pageCache.clearSoon],
		] as const) {
			// A change notified while the listening connection was away is not replayed: once it is back, every
			// page is drawn again, each at its next request with the copy from before answering meanwhile (dropping
			// them all after a database restart had every instance draw every page at once: seconds of stall).
			subscribe(channel, () => drop(), pageCache.staleAll).catch((error: unknown) =>
				logger.warn({ err: error, channel }, 'page cache: cannot listen for changes; pages stay cached for their TTL'),
			)
		}
	}
	app.disable('x-powered-by')
	if (env.TRUST_PROXY) app.set('trust proxy', true)

	// The request line and declared size, checked for every route (app.use(guard) below): a clear 4xx, never a query with a NUL.
	// Then, once for every route, the cross-site rule (request-guard.ts): a form or call another site's
	// page sends with the buyer's or staff member's cookies changes nothing.
	const publicUrlOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null
	const ownOrigins = (req: express.Request) => {
		const hosts = [req.get('host'), req.get('x-forwarded-host')?.split(',')[0]?.trim()].filter((h): h is string => !!h)
		return [...hosts.map((h) => `${req.protocol}://${h}`), ...(publicUrlOrigin ? [publicUrlOrigin] : [])]
	}
	/** A refusal from before the routes: its status and sentence, as JSON for calls and as a small page for the rest. */
	const refuse = (req: express.Request, res: express.Response, refusal: Refusal) => {
		res.status(refusal.status).setHeader('Cache-Control', 'no-store')
		if (refusal.status === 413) res.setHeader('Connection', 'close')
		if (refusal.status === 405) res.setHeader('Allow', KNOWN_METHODS.join(', '))
		if (wantsJson(req.path ?? req.url, req.headers.accept)) return void res.json({ error: refusal.message })
		// The store's name from memory (the database only after a change), the environment's when the database is away.
		void readStoreDetails(database().db)
			.then((details) => details.storeName, () => storeDetailsDefaults(env).storeName)
			.then((storeName) => res.type('html').send(refusalPage(refusal.status, refusal.message, storeName)))
	}
	const guard: express.RequestHandler = (req, res, next) => {
		const forwardedHost = env.TRUST_PROXY ? req.headers['x-forwarded-host'] : undefined
		const refusal =
			refuseHost(req.headers.host, Array.isArray(forwardedHost) ? forwardedHost[0] : forwardedHost) ??
			refuseRequest(req.url, req.headers['content-length'], req.method) ??
			refuseCrossSite(req.method, req.path, { origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site'), adminKey: req.get('x-admin-key') }, ownOrigins(req))
		// An answer given before the body was read (a 405, a 413, a refused form) reads it to its end, then closes (server/finish-reading.ts).
		if (!refusal) return next()
		refuse(req, res, refusal)
	}

	// First: a cached page is answered with its recorded headers and a fresh nonce, and logged here.
	app.use(pageCache.serve)

	// No PayPro account configured: the shop serves its own PayPro-compatible provider. Its API is
	// called server to server by the shop's PayPro adapter, and answers before the page middleware.
	// The request guard still comes first: nothing reaches it unchecked.
	// Asked on each request: the owner may connect a PayPro account (or take it away) while the shop runs.
	const whileSimulating: express.RequestHandler = (_req, _res, next) => next(usingSimulator() ? undefined : 'router')
	const simulatorApi = express.Router().use(whileSimulating, guard, payproSimulatorApi({ db: database().db, shopOrigin: publicOrigin }))
	app.use(SIMULATOR.basePath, simulatorApi)
	// A supplier's simulator (Kinguin's protocol, ADR-053), while a supplier of the shop points at it: the demo's.
	// Its orders are kept in the database: a purchase resumed after a restart finds the order it placed (ADR-055).
	const supplierSim = supplierSimulator(simOrderStore(database().db))
	const whileSupplierSim: express.RequestHandler = (_req, _res, next) => {
		void simulatorSupplierInUse(database().db).then((inUse) => next(inUse ? undefined : 'router'), next)
	}
	app.use(SUPPLIER_SIMULATOR.basePath, express.Router().use(whileSupplierSim, guard, (req, res) => supplierSim.handle(req, res)))

	app.use(
		pinoHttp({
			logger,
			// Static assets and health checks would drown the request log.
			autoLogging: { ignore: (req) => req.url?.startsWith('/assets/') === true || req.url === '/healthz' || req.url === '/metrics' || isWarmUp(req) },
			// The id the host gave the request (its X-Request-Id); the logger adds it to every line as requestId.
			genReqId: (_req, res) => String(res.getHeader('X-Request-Id') ?? ''),
			customLogLevel: (_req, res, err) =>
				err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
			serializers: {
				req: (req) => ({ method: req.method, url: loggedUrl(req.url) }),
				res: (res) => ({ statusCode: res.statusCode }),
			},
		}),
	)

	app.use((_req, res, next) => {
		res.locals.cspNonce = newNonce()
		next()
	})
	app.use(
		helmet({
			contentSecurityPolicy: {
				directives: {
					'default-src': ["'self'"],
					'script-src': [
						"'self'",
						'https://connect.facebook.net',
						(_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
						...(vite ? ["'unsafe-inline'"] : []),
					],
					'img-src': ["'self'", 'data:', 'blob:', 'https:'],
					'connect-src': ["'self'", 'https://www.facebook.com', ...(vite ? ['ws:'] : [])],
					'frame-src': ["'self'", 'https://www.youtube-nocookie.com'],
					'style-src': ["'self'", "'unsafe-inline'"],
					'upgrade-insecure-requests': env.NODE_ENV === 'production' && env.PUBLIC_URL?.startsWith('https') ? [] : null,
				},
			},
			crossOriginEmbedderPolicy: false,
			// Not helmet's no-referrer: with it a browser sends `Origin: null` on a form posted without
			// scripts, which the same-origin checks must refuse. Other sites still get no referrer.
			referrerPolicy: { policy: 'same-origin' },
			hsts: env.PUBLIC_URL?.startsWith('https') ?? false,
		}),
	)

	// After helmet, so the probe's answer carries the same security headers as every other one.
	app.get('/healthz', async (_req, res) => {
		res.setHeader('Cache-Control', 'no-store')
		// The replica's state is said, never failed on: the primary answers its reads meanwhile (ADR-059).
		const replica = database().replica?.()
		const reads = replica ? { replica: replica.state === 'replica' ? 'ok' : 'unreachable: reports, exports, customers and searches read from the primary' } : {}
		if (await databaseAnswers()) res.json({ status: 'ok', ...reads })
		else res.status(503).json({ status: 'unavailable' })
	})

	app.use(guard)

	const compress = compression({
		// Server-sent events must reach the browser as they are written.
		filter: (req, res) =>
			!String(res.getHeader('Content-Type') ?? '').includes('text/event-stream') &&
			compression.filter(req, res),
	})
	// A live stream (EventSource asks for text/event-stream) skips compression's wrapper altogether: a
	// fan-out writes its events to each stream's socket, with nothing of compression's in between.
	app.use((req, res, next) => (req.headers.accept?.includes('text/event-stream') ? next() : compress(req, res, next)))

	// Prometheus' scrape, to the holder of METRICS_TOKEN; without a token the address is the shop's 404.
	if (app.metrics) app.get('/metrics', app.metrics.serve)

	if (vite) {
		app.use(vite.middlewares)
	} else {
		app.use('/assets', builtAssets({ clientDir, keptDir: keptAssetsDir, notFound: (req, res) => refuse(req, res, refusalFor(404)) }))
		// Only a path naming a file (`/icons.svg`, `/images/…`) is looked for on disk: pages and APIs
		// never cost a file-system lookup on their way to the routes.
		const files = expressStaticGzip(clientDir, { ...precompressed, serveStatic: { maxAge: '1h', setHeaders: workerHeaders } })
		app.use((req, res, next) => (/\.[\w]+$/.test(req.path) ? files(req, res, next) : next()))
	}

	// The simulator's hosted payment page, a page like the shop's own.
	app.use(SIMULATOR.basePath, express.Router().use(whileSimulating, payproSimulatorPages({ db: database().db, shopOrigin: publicOrigin, callback: callbackCredentials })))

	app.use(pageCache.record)

	app.all(
		/.*/,
		createRequestHandler({
			build: vite
				? () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
				: (build as ServerBuild),
			mode: env.NODE_ENV,
			getLoadContext: (req, res) => ({
				cspNonce: res.locals.cspNonce as string,
				clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
				liveResponse: res,
			}),
		}),
	)

	// Last: whatever escaped a handler is one JSON log line and a sentence, never Express's page and stack on stderr.
	// An error that says it is the client's (a status of 4xx: static files, body parsers, express) is
	// that status with the shop's sentence for it; anything else is a 500.
	app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
		const status = clientErrorStatus(error)
		if (status) logger.warn({ err: error, status, req: { method: req.method, url: loggedUrl(req.url) } }, 'request refused before the routes')
		else logger.error({ err: error, req: { method: req.method, url: loggedUrl(req.url) } }, 'request failed')
		if (res.headersSent) return void res.destroy()
		if (status) return refuse(req, res, refusalFor(status))
		res.status(500).setHeader('Cache-Control', 'no-store').json({ error: 'Something went wrong on the shop’s side. Please try again.' })
	})
	return app
}
