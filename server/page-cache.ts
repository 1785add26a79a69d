// A short-lived full-page cache for the public catalogue pages (their HTML depends on neither cookies
// nor the visitor). One render per page and TTL serves everyone; each response still gets a fresh
// CSP nonce: the body is kept as the segments between the nonce's occurrences, once as they are and
// once deflated, and a hit splices the new nonce in (as a stored deflate block for gzip), so a hit
// costs a buffer concatenation and a CRC, never a render or a compression.
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type http from 'node:http'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { isbot } from 'isbot'
import { PRODUCT_PAGE, PUBLIC_PAGES as PUBLIC_PAGE_LIST, VISITOR_PAGES } from '../app/public-pages'
import { unprefixed } from '../app/i18n/lang'
import { nowMs } from '../app/utils/clock'

/** Pages whose HTML is the same for every visitor. Never: /order-status, /checkout, /payment-details, /admin*, /api*, /paypro*. */
const PUBLIC_PAGES = new RegExp(`^/(?:${[...PUBLIC_PAGE_LIST.map((page) => page.path.slice(1)), PRODUCT_PAGE.pattern].join('|')})$`)

export function isPublicPage(pathname: string): boolean {
	// Each page's Urdu twin (/ur/…) is public too, and kept apart (the cache's key is the address).
	return PUBLIC_PAGES.test(unprefixed(pathname))
}

/**
 * A buyer's own writes: placing and paying an order, its page, the cart's prices, push and the
 * language. None changes a public page's HTML at once; what an order changes there (the leaderboard,
 * an option sold out) comes through the orders channel, on every server alike (`clearSoon`). Every
 * other write (the console, a review, anything not named here) drops the pages as it is answered.
 */
const BUYER_WRITES = new RegExp(
	`^/(?:${[
		...VISITOR_PAGES.map((page) => page.path.replace(/:[^/]+/g, '[^/]+')),
		'contact',
		'api/checkout(?:/coupon)?',
		'\\.netlify/functions/paypro-order',
		'api/cart/prices',
		'paypro/uis',
		'paypro-sim/.+',
		'api/order(?:/.+)?',
		'api/push/.+',
		'language',
	].join('|')})$`,
)

export function isBuyerWrite(pathname: string): boolean {
	return BUYER_WRITES.test(unprefixed(pathname))
}

/**
 * A staff member signing in or out: their session changes, no public page does. (Dropping the pages
 * here sent each instance a staff member signed in on, on a busy morning, to draw every page again.)
 */
const SESSION_WRITES = /^\/admin\/(?:login|logout)$/

export function isSessionWrite(pathname: string): boolean {
	return SESSION_WRITES.test(pathname)
}

/**
 * Staff writes that change on a public page only what orders change there (how many units an option
 * has left, whether it shows sold out): codes imported, revealed or voided on a product's stock, an
 * order delivered from stock or a unit replaced. Like an order change they make the pages stale (each
 * drawn again at its next request, the copy from before answering meanwhile) instead of dropping
 * them: on the hike bench a stock import dropped every page of its instance right before the rush,
 * and buyers' answers waited seconds behind a hundred renders at once (ADR-060).
 */
const STOCK_WRITES = /^\/(?:admin\/products\/\d+\/stock|api\/admin\/products\/\d+\/stock|api\/admin\/orders\/[^/]+\/(?:deliver-from-stock|stock-units\/\d+\/replace))$/

export function isStockWrite(pathname: string): boolean {
	return STOCK_WRITES.test(pathname)
}

/** The product a stock write is for, when its address names it (codes imported, revealed or voided on a product's stock). */
const PRODUCT_STOCK_WRITE = /^\/(?:api\/)?admin\/products\/(\d+)\/stock$/
const PRODUCT_PAGE_PATH = new RegExp(`^/${PRODUCT_PAGE.pattern.replace('\\d+', '(\\d+)')}$`)

/**
 * Whether a kept page can show what a stock write changed: every page but another product's own
 * (lists, searches and the home page show options sold out or running low; a product's page shows
 * only its own). A write that names no product (an order delivered from stock) can change any page.
 */
export function pageShowsStockOf(productId: string | null, url: string): boolean {
	if (productId === null) return true
	const product = PRODUCT_PAGE_PATH.exec(unprefixed(pathOf(url)))?.[1]
	return product === undefined || product === productId
}

/** An address without its query. */
function pathOf(url: string): string {
	const q = url.indexOf('?')
	return q === -1 ? url : url.slice(0, q)
}

/**
 * Orders change public pages only a little (the leaderboard, an option running low or out): on a
 * price-hike day they change many times a second, and dropping every page on each made every
 * instance draw every page again, over and over, for every shopper (ADR-060). The first change after
 * a quiet spell drops the pages at once; later ones at most once per this many milliseconds.
 */
export const ORDER_CHANGES_COALESCED_MS = 30_000

/** Stale pages drawn again at once on one server; the others answer their copy from before meanwhile. */
const REDRAWS_AT_ONCE = 1

/**
 * Pages no kept copy answers, drawn at once on one server; more wait their turn. A render holds the
 * event loop, and a starting server asked for many pages it has not drawn (searches) drew them all
 * together, every answer waiting behind all of them, hits and checkouts included.
 */
const FRESH_DRAWS_AT_ONCE = 2
/** Past this many waiting, a request draws its page at once (the waiting list stays bounded). */
const MAX_WAITING_TO_DRAW = 1_000

/** Headers of the recorded response that belong to one response, or that the cache sets itself. */
const NOT_REPLAYED = new Set([
	'content-length',
	'content-encoding',
	'transfer-encoding',
	'content-security-policy',
	'vary',
	'cache-control',
	'date',
	'connection',
	'keep-alive',
	'x-page-cache',
	// Each request's own id (ADR-056), set before the cache answers.
	'x-request-id',
])

/** Browsers may keep the page (back/forward) but must ask again; shared caches must not keep it (its nonce is per response). */
export const PAGE_CACHE_CONTROL = 'private, no-cache'

/** A fresh nonce: 16 random bytes, base64. */
export const newNonce = () => crypto.randomBytes(16).toString('base64')

const deflateRaw = promisify(zlib.deflateRaw)
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03])

interface Entry {
	expires: number
	/** An order changed since it was drawn (clearSoon): still answered while the one request drawing it again runs. */
	stale: boolean
	headers: [string, string | string[]][]
	/** The Content-Security-Policy header, split at the nonce like the body. */
	csp: string[] | null
	/** The body split at each occurrence of the nonce it was rendered with. */
	segments: Buffer[]
	/** Each segment deflated on its own, byte-aligned (sync flush); the last one ends the stream. */
	deflated: Buffer[]
	length: number
}

export interface PageCacheOptions {
	ttlSeconds: number
	maxEntries?: number
	/** The nonce this response's CSP header allows. */
	nonceOf: (res: Response) => string
	/** Told of each hit (served without going through the rest of the app, logging included). */
	onHit?: (req: http.IncomingMessage) => void
	/** ORDER_CHANGES_COALESCED_MS unless a test says otherwise. */
	orderChangesCoalescedMs?: number
}

export interface PageCache {
	enabled: boolean
	/** In front of the app (the server's request listener): answers a fresh hit at once; false otherwise. */
	tryServe(req: http.IncomingMessage, res: http.ServerResponse): boolean
	/** First middleware: drops the pages on writes; a miss waits for the render of the same page in flight. */
	serve: RequestHandler
	/** Right before the page renderer: records eligible responses. */
	record: RequestHandler
	/** Drops every page, and any render in flight (data changed). */
	clear(): void
	/**
	 * Marks every page stale at once, or at the end of ORDER_CHANGES_COALESCED_MS after the last time:
	 * many order changes cost one. A stale page's next request draws it again; requests meanwhile get
	 * the copy from before (as do requests of a page whose time ran out).
	 */
	clearSoon(): void
	/**
	 * Every page is drawn again at its next request, the copy from before answering meanwhile: for
	 * changes that may have been missed (notifications sent while the server could not hear them).
	 */
	staleAll(): void
	size(): number
}

function split(body: Buffer, nonce: string): Buffer[] {
	const needle = Buffer.from(nonce)
	const parts: Buffer[] = []
	let from = 0
	for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
		parts.push(body.subarray(from, at))
		from = at + needle.length
	}
	parts.push(body.subarray(from))
	return parts
}

/** A non-final stored (uncompressed) deflate block; the stream is byte-aligned before it. */
function storedBlock(bytes: Buffer): Buffer {
	const n = bytes.length
	const head = Buffer.from([0x00, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff])
	return Buffer.concat([head, bytes])
}

export function acceptsGzip(header: string | undefined): boolean {
	if (!header) return false
	for (const part of header.split(',')) {
		const [name, ...params] = part.trim().split(';')
		if (name.trim().toLowerCase() !== 'gzip' && name.trim() !== '*') continue
		const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
		return !q || Number(q.slice(2)) > 0
	}
	return false
}

export function createPageCache({ ttlSeconds, maxEntries = 500, nonceOf, onHit, orderChangesCoalescedMs = ORDER_CHANGES_COALESCED_MS }: PageCacheOptions): PageCache {
	const entries = new Map<string, Entry>()
	/** Renders being recorded, so that concurrent misses of one page wait for one render. */
	const inFlight = new Map<string, Promise<void>>()
	/** Of those, the ones still drawing (not yet being kept): a stale copy answers only meanwhile, never once a newer one was sent. */
	const drawing = new Set<string>()
	/** Of those, the ones drawing a page again that has a stale copy: at most REDRAWS_AT_ONCE, the other stale pages wait their turn. */
	const redrawing = new Set<string>()
	let generation = 0
	const enabled = ttlSeconds > 0

	const keyOf = (req: http.IncomingMessage) => `${isbot(req.headers['user-agent'] ?? '') ? 'bot' : 'human'} ${req.url}`
	/** The page a write is for: React Router's scripts post a page's form to its address plus `.data` (the home page's to `/_root.data`). */
	const pageOfWrite = (path: string) => (path.endsWith('/_root.data') ? path.slice(0, -'_root.data'.length) || '/' : path.endsWith('.data') ? path.slice(0, -'.data'.length) : path)
	const eligible = (req: http.IncomingMessage) => enabled && req.method === 'GET' && isPublicPage(pathOf(req.url ?? ''))

	/**
	 * The page to answer with, if any. A stale one (an order changed, or its time ran out) is answered
	 * only while another request is drawing it again: the first request after the change draws it,
	 * the others meanwhile get the copy from before, so no one waits on a render of every page at once
	 * (on a busy day that came back every 30 s as a few seconds' stall on every instance).
	 */
	function answerable(key: string): Entry | undefined {
		const entry = entries.get(key)
		if (!entry) return undefined
		const now = nowMs()
		if (!entry.stale && entry.expires > now) return entry
		// A copy left unasked long past its time is drawn again, never answered stale.
		if (entry.expires + ttlSeconds * 1000 < now) {
			entries.delete(key)
			return undefined
		}
		// Drawn again one at a time: a render holds the event loop, and after an order change every page
		// is stale at once (drawing them all together stalled every answer for seconds, hits included).
		return drawing.has(key) || redrawing.size >= REDRAWS_AT_ONCE ? entry : undefined
	}

	function send(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry) {
		// The security headers were recorded with the page; only the nonce is new.
		const fresh = newNonce()
		const nonce = Buffer.from(fresh)
		for (const [name, value] of entry.headers) res.setHeader(name, value)
		if (entry.csp) res.setHeader('Content-Security-Policy', entry.csp.join(fresh))
		res.setHeader('Cache-Control', PAGE_CACHE_CONTROL)
		res.setHeader('Vary', 'Accept-Encoding')
		res.setHeader('X-Page-Cache', 'hit')
		let body: Buffer
		if (acceptsGzip(req.headers['accept-encoding'])) {
			const parts: Buffer[] = [GZIP_HEADER]
			let crc = 0
			entry.segments.forEach((segment, i) => {
				if (i > 0) {
					parts.push(storedBlock(nonce))
					crc = zlib.crc32(nonce, crc)
				}
				parts.push(entry.deflated[i])
				crc = zlib.crc32(segment, crc)
			})
			const trailer = Buffer.alloc(8)
			trailer.writeUInt32LE(crc >>> 0, 0)
			trailer.writeUInt32LE((entry.length + nonce.length * (entry.segments.length - 1)) >>> 0, 4)
			parts.push(trailer)
			body = Buffer.concat(parts)
			res.setHeader('Content-Encoding', 'gzip')
		} else {
			const parts: Buffer[] = []
			entry.segments.forEach((segment, i) => {
				if (i > 0) parts.push(nonce)
				parts.push(segment)
			})
			body = Buffer.concat(parts)
		}
		res.setHeader('Content-Length', body.length)
		res.statusCode = 200
		res.end(body)
		onHit?.(req)
	}

	async function store(key: string, started: number, res: Response, body: Buffer) {
		const nonce = nonceOf(res)
		const segments = split(body, nonce)
		const csp = res.getHeader('Content-Security-Policy')
		const deflated = await Promise.all(
			segments.map((segment, i) =>
				deflateRaw(segment, { level: 9, finishFlush: i === segments.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH }),
			),
		)
		// Data changed while this page was rendered or compressed: it may already be stale.
		if (started !== generation) return
		const headers = Object.entries(res.getHeaders())
			.filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase()))
			.map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]])
		while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
		entries.delete(key)
		entries.set(key, {
			// Between 3/4 and 5/4 of the time: pages drawn together (after a change, on a cold start) run
			// out at different moments, so an instance never draws every page again at once.
			expires: nowMs() + ttlSeconds * 1000 * (0.75 + Math.random() / 2),
			stale: false,
			headers,
			csp: csp === undefined ? null : String(csp).split(nonce),
			segments,
			deflated,
			length: segments.reduce((n, s) => n + s.length, 0),
		})
	}

	function tryServe(req: http.IncomingMessage, res: http.ServerResponse): boolean {
		if (!eligible(req)) return false
		const entry = answerable(keyOf(req))
		if (!entry) return false
		send(req, res, entry)
		return true
	}

	const serve: RequestHandler = (req, res, next) => {
		// Any change through this server (a review, an admin action) drops the cached pages; a stock change makes them stale.
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			const path = pageOfWrite(pathOf(req.url ?? ''))
			if (isBuyerWrite(path) || isSessionWrite(path)) return next()
			const stockOf = PRODUCT_STOCK_WRITE.exec(path)?.[1] ?? null
			const drop = isStockWrite(path) ? () => staleWhere((url) => pageShowsStockOf(stockOf, url)) : clear
			drop()
			res.once('finish', drop)
			return next()
		}
		if (!eligible(req)) return next()
		const key = keyOf(req)
		const entry = answerable(key)
		if (entry) return send(req, res, entry)
		const pending = inFlight.get(key)
		if (!pending) return drawInTurn(req, res, key, next)
		answerWhenDrawn(req, res, key, pending, next)
	}

	/** Waits for the render of this page another request started: answered from it, or drawn anew if it was not kept. */
	function answerWhenDrawn(req: http.IncomingMessage, res: http.ServerResponse, key: string, pending: Promise<void>, next: NextFunction) {
		pending.then(
			() => {
				const ready = answerable(key)
				if (ready) send(req, res, ready)
				else next()
			},
			() => next(),
		)
	}

	/** Requests waiting to draw a page no kept copy answers, while FRESH_DRAWS_AT_ONCE are being drawn. */
	const waitingToDraw: (() => void)[] = []
	let drawingNow = 0
	/**
	 * Draws the page once a turn is free; by then another request may have drawn it or be drawing it,
	 * and this one is answered from that instead.
	 */
	function drawInTurn(req: http.IncomingMessage, res: http.ServerResponse, key: string, next: NextFunction) {
		const start = () => {
			if (res.destroyed) return turnOver()
			const entry = answerable(key)
			if (entry) {
				send(req, res, entry)
				return turnOver()
			}
			const pending = inFlight.get(key)
			if (pending) {
				turnOver()
				return answerWhenDrawn(req, res, key, pending, next)
			}
			let over = false
			const done = () => {
				if (over) return
				over = true
				turnOver()
			}
			res.once('finish', done)
			res.once('close', done)
			next()
		}
		if (drawingNow < FRESH_DRAWS_AT_ONCE || waitingToDraw.length >= MAX_WAITING_TO_DRAW) {
			drawingNow++
			return start()
		}
		waitingToDraw.push(() => {
			drawingNow++
			start()
		})
	}
	function turnOver() {
		drawingNow--
		waitingToDraw.shift()?.()
	}

	const record: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
		if (!eligible(req)) return next()
		const key = keyOf(req)
		res.setHeader('Cache-Control', PAGE_CACHE_CONTROL)
		res.setHeader('X-Page-Cache', 'miss')
		if (inFlight.has(key)) return next()
		const started = generation
		const chunks: Buffer[] = []
		const write = res.write.bind(res) as (...args: unknown[]) => boolean
		const end = res.end.bind(res) as (...args: unknown[]) => Response
		const keep = (chunk: unknown, encoding?: unknown) => {
			if (chunk == null || typeof chunk === 'function') return
			chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array))
		}
		res.write = ((chunk: unknown, ...rest: unknown[]) => {
			keep(chunk, rest[0])
			return write(chunk, ...rest)
		}) as Response['write']
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			keep(chunk, rest[0])
			return end(chunk, ...rest)
		}) as Response['end']
		let done!: () => void
		inFlight.set(key, new Promise<void>((resolve) => (done = resolve)))
		drawing.add(key)
		if (entries.has(key)) redrawing.add(key)
		const finish = (completed: boolean) => {
			drawing.delete(key)
			redrawing.delete(key)
			const storable =
				completed &&
				res.statusCode === 200 &&
				String(res.getHeader('Content-Type') ?? '').startsWith('text/html') &&
				!res.getHeader('Set-Cookie')
			const stored = storable ? store(key, started, res, Buffer.concat(chunks)).catch(() => {}) : Promise.resolve()
			void stored.finally(() => {
				inFlight.delete(key)
				done()
			})
		}
		res.once('finish', () => finish(true))
		res.once('close', () => {
			if (!res.writableFinished) finish(false)
		})
		next()
	}

	// The window starts with the server: the pages it draws as it starts (ADR-061) are as new as those
	// drawn after a change, so the first orders of a rush wait the window like the later ones, instead of
	// sending every instance to draw every page again in its first, coldest seconds.
	let lastClear = nowMs()
	let pendingClear: ReturnType<typeof setTimeout> | null = null
	/** The pages' data changed: renders in flight are not kept, and the next order change waits its window. */
	function changed() {
		generation++
		lastClear = nowMs()
		if (pendingClear) clearTimeout(pendingClear)
		pendingClear = null
	}

	function clear() {
		changed()
		entries.clear()
	}

	/** An order or a stock count changed: every page is drawn again at its next request, the copy from before answering meanwhile. */
	function staleAll() {
		staleWhere(() => true)
	}

	/** Of the kept pages, those whose address `shows` are drawn again at their next request (the copy from before answering meanwhile). */
	function staleWhere(shows: (url: string) => boolean) {
		changed()
		for (const [key, entry] of entries) if (shows(key.slice(key.indexOf(' ') + 1))) entry.stale = true
	}

	function clearSoon() {
		if (pendingClear) return
		const wait = lastClear + orderChangesCoalescedMs - nowMs()
		if (wait <= 0) return staleAll()
		pendingClear = setTimeout(staleAll, wait)
		pendingClear.unref()
	}

	return { enabled, tryServe, serve, record, clear, clearSoon, staleAll, size: () => entries.size }
}

