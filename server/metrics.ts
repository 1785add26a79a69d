import crypto from 'node:crypto'
import type http from 'node:http'
import type express from 'express'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { ServerBuild } from 'react-router'
import { routeMatcher, routeTreeOf } from '../app/utils/route-matcher'
import type { Database } from '../app/db/client.server'
import { readOperationsGauges, type OperationsGauges } from '../app/domain/operations/operations-gauges.server'
import { SIMULATOR } from '../app/integrations/paypro/paypro.server'
import { SUPPLIER_SIMULATOR } from '../app/integrations/kinguin/simulator.server'
import { KNOWN_METHODS } from '../app/http/request-guard'
import { nowMs } from '../app/utils/clock'
import { logger } from '../app/utils/logger.server'

// GET /metrics (ADR-056): what one instance served (requests by route and status, their latency, its
// event loop, its database connections) and what the shop holds (queues, orders by state, payments,
// stock at threshold), in Prometheus' text format, to the holder of METRICS_TOKEN.

/** Seconds the database's figures are kept between scrapes: several Prometheus servers or a fast interval cost one read. */
export const GAUGES_TTL_MS = 5_000

/** Labels for what is not a route of the app: each its own, and everything unknown one label. */
export const ROUTE_LABELS = {
	assets: 'assets',
	staticFile: 'static file',
	health: 'healthz',
	metrics: 'metrics',
	payproSimulator: 'paypro simulator',
	supplierSimulator: 'supplier simulator',
	unmatched: 'unmatched',
} as const

/** Addresses remembered with their route label; more are matched again (the table never grows past this). */
const ROUTE_CACHE_SIZE = 2_000

/**
 * The label a request is counted under: the React Router route id it reaches, or one of ROUTE_LABELS.
 * Never the address itself, so order numbers, tokens and ids never become labels.
 */
export function routeLabeller(routes: ServerBuild['routes'] | null) {
	const match = routes ? routeMatcher(routeTreeOf(routes)) : null
	const known = new Map<string, string>()
	return (pathname: string): string => {
		if (pathname.startsWith('/assets/')) return ROUTE_LABELS.assets
		if (pathname === '/healthz') return ROUTE_LABELS.health
		if (pathname === '/metrics') return ROUTE_LABELS.metrics
		if (pathname.startsWith(`${SIMULATOR.basePath}/`)) return ROUTE_LABELS.payproSimulator
		if (pathname.startsWith(`${SUPPLIER_SIMULATOR.basePath}/`)) return ROUTE_LABELS.supplierSimulator
		const seen = known.get(pathname)
		if (seen) return seen
		const matches = match ? match(pathname) : null
		const deepest = matches?.at(-1)?.route
		// The not-found page's splat catches every unknown address: a file's name there is a static file (or none).
		const splat = deepest?.path?.endsWith('*') ?? false
		const label = !deepest?.id ? ROUTE_LABELS.unmatched : splat && /\.\w+$/.test(pathname) ? ROUTE_LABELS.staticFile : splat ? ROUTE_LABELS.unmatched : deepest.id
		if (known.size >= ROUTE_CACHE_SIZE) known.clear()
		known.set(pathname, label)
		return label
	}
}

/** Whether an Authorization header carries the token, compared in constant time (hashes of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
	const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? ''
	const digest = (value: string) => crypto.createHash('sha256').update(value).digest()
	return crypto.timingSafeEqual(digest(sent), digest(token)) && sent.length > 0
}

/** The path of a request line's target; one no URL parser reads counts as unmatched. */
function pathnameOf(target: string): string {
	try {
		return new URL(target, 'http://shop').pathname
	} catch {
		return '/\0'
	}
}

export interface ShopMetrics {
	/** Counts a request when its answer is done (or its connection closes). */
	observe(req: http.IncomingMessage, res: http.ServerResponse): void
	/** The GET /metrics handler (the token checked before it). */
	serve: express.RequestHandler
}

export function createShopMetrics({ routes, database, token }: { routes: ServerBuild['routes'] | null; database: () => Database; token: string }): ShopMetrics {
	const registry = new Registry()
	// Process, heap, garbage collection and the event loop's lag (nodejs_eventloop_lag_*).
	collectDefaultMetrics({ register: registry })
	const labelOf = routeLabeller(routes)
	const requests = new Counter({ name: 'shop_http_requests_total', help: 'Requests answered, by route (React Router route id or a fixed label), method and status.', labelNames: ['route', 'method', 'status'], registers: [registry] })
	const latency = new Histogram({
		name: 'shop_http_request_duration_seconds',
		help: 'Time from a request to the end of its answer, by route and method (live streams are left out).',
		labelNames: ['route', 'method'],
		buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
		registers: [registry],
	})

	let cached: { at: number; gauges: Promise<OperationsGauges> } | null = null
	const gauges = () => {
		const age = cached ? nowMs() - cached.at : Infinity
		// A clock moved back (tests move it) makes the figures stale too.
		if (!cached || age > GAUGES_TTL_MS || age < 0) {
			const read = readOperationsGauges(database().db)
			cached = { at: nowMs(), gauges: read }
			// A failed read is not kept: the next scrape tries again.
			read.catch(() => {
				if (cached?.gauges === read) cached = null
			})
		}
		return cached.gauges
	}
	/** A gauge filled from the database's figures at each scrape (cached for GAUGES_TTL_MS). */
	const fromDatabase = (name: string, help: string, labelNames: string[], fill: (gauge: Gauge, g: OperationsGauges) => void) =>
		new Gauge({
			name,
			help,
			labelNames,
			registers: [registry],
			async collect() {
				this.reset()
				fill(this, await gauges())
			},
		})
	fromDatabase('shop_jobs_waiting', 'Jobs due and not yet run, by kind.', ['kind'], (g, o) => o.jobs.forEach((j) => g.set({ kind: j.kind }, j.waiting)))
	fromDatabase('shop_jobs_failed', 'Jobs that failed after their last attempt, by kind.', ['kind'], (g, o) => o.jobs.forEach((j) => g.set({ kind: j.kind }, j.failed)))
	fromDatabase('shop_outbox_waiting', 'Messages waiting to be sent, by outbox (email, alert, push, whatsapp).', ['outbox'], (g, o) => o.outboxes.forEach((b) => g.set({ outbox: b.outbox }, b.waiting)))
	fromDatabase('shop_outbox_failed', 'Messages that could not be sent, by outbox.', ['outbox'], (g, o) => o.outboxes.forEach((b) => g.set({ outbox: b.outbox }, b.failed)))
	fromDatabase('shop_orders', 'Orders in each payment and delivery state.', ['payment_state', 'delivery_state'], (g, o) =>
		o.orders.forEach((r) => g.set({ payment_state: r.paymentState, delivery_state: r.deliveryState }, r.count)),
	)
	fromDatabase('shop_orders_owing_delivery', 'Orders paid and not delivered yet.', [], (g, o) => g.set(o.owingDelivery))
	fromDatabase('shop_payments_per_minute', 'Orders paid per minute over the last 5 minutes (test payments left out), by payment method.', ['method'], (g, o) =>
		o.paymentsPerMinute.forEach((p) => g.set({ method: p.method }, p.rate)),
	)
	fromDatabase('shop_stock_at_threshold', 'Free units of each visible option served from stock that is at or below its low-stock threshold (at most 100).', ['variant_id', 'product', 'option'], (g, o) =>
		o.lowStock.forEach((s) => g.set({ variant_id: String(s.variantId), product: s.product, option: s.option }, s.available)),
	)
	fromDatabase('shop_stock_threshold', 'The low-stock threshold of each option reported in shop_stock_at_threshold.', ['variant_id', 'product', 'option'], (g, o) =>
		o.lowStock.forEach((s) => g.set({ variant_id: String(s.variantId), product: s.product, option: s.option }, s.threshold)),
	)
	const connections = (pick: (usage: ReturnType<Database['connections']>) => number | null) =>
		function collect(this: Gauge) {
			this.reset()
			const usage = database().connections()
			const value = pick(usage)
			if (value !== null) this.set({ driver: database().kind }, value)
		}
	new Gauge({ name: 'shop_db_connections_max', help: 'Database connections this instance may open (PGlite: its one).', labelNames: ['driver'], registers: [registry], collect: connections((u) => u.max) })
	new Gauge({ name: 'shop_db_connections_open', help: 'Database connections open now.', labelNames: ['driver'], registers: [registry], collect: connections((u) => u.open) })
	new Gauge({ name: 'shop_db_connections_idle', help: 'Open connections not in use (PostgreSQL only).', labelNames: ['driver'], registers: [registry], collect: connections((u) => u.idle) })
	new Gauge({ name: 'shop_db_connections_waiting', help: 'Queries waiting for a free connection (PostgreSQL only).', labelNames: ['driver'], registers: [registry], collect: connections((u) => u.waiting) })

	// With DATABASE_REPLICA_URL (ADR-059): whether long reads go to the replica, and how many fell back to the primary.
	new Gauge({
		name: 'shop_db_replica_up',
		help: 'With DATABASE_REPLICA_URL: 1 while reports, exports, customers and searches read from the replica, 0 while the replica cannot be reached and they read from the primary.',
		registers: [registry],
		collect() {
			this.reset()
			const replica = database().replica?.()
			if (replica) this.set(replica.state === 'replica' ? 1 : 0)
		},
	})
	let fallbacksSeen = 0
	new Counter({
		name: 'shop_db_replica_fallbacks_total',
		help: 'Long reads the replica could not answer, answered by the primary instead.',
		registers: [registry],
		collect() {
			const fallbacks = database().replica?.().fallbacks ?? fallbacksSeen
			if (fallbacks > fallbacksSeen) this.inc(fallbacks - fallbacksSeen)
			fallbacksSeen = fallbacks
		},
	})
	new Gauge({
		name: 'shop_db_replica_lag_seconds',
		help: 'With DATABASE_REPLICA_URL: how far behind the primary the replica that answers reports, exports, customers and searches is (0 when it has replayed all it received); NaN while it does not answer.',
		registers: [registry],
		async collect() {
			const reading = database().replicaLag
			if (!reading) return
			this.set((await reading()) ?? Number.NaN)
		},
	})

	return {
		observe(req, res) {
			const started = process.hrtime.bigint()
			// As it came: Express rewrites req.url under a mounted router (the simulators).
			const address = req.url ?? '/'
			let counted = false
			const count = () => {
				if (counted) return
				counted = true
				const route = labelOf(pathnameOf(address))
				const method = KNOWN_METHODS.includes(req.method ?? '') ? req.method! : 'other'
				requests.inc({ route, method, status: String(res.statusCode) })
				// A live stream is open for minutes: its length says nothing about the shop's speed.
				if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return
				latency.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9)
			}
			res.once('finish', count)
			res.once('close', count)
		},
		serve: (req, res) => {
			if (!bearerMatches(req.headers.authorization, token)) {
				res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"')
				return void res.setHeader('Cache-Control', 'no-store').type('text').send('The metrics need the token set in METRICS_TOKEN, sent as Authorization: Bearer <token>.\n')
			}
			registry.metrics().then(
				(text) => void res.setHeader('Cache-Control', 'no-store').type(registry.contentType).send(text),
				(error: unknown) => {
					logger.error({ err: error }, 'metrics: the database figures could not be read')
					res.status(503).setHeader('Cache-Control', 'no-store').type('text').send('The shop’s figures could not be read from the database just now; the next scrape tries again.\n')
				},
			)
		},
	}
}
