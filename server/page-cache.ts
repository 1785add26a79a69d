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
import { PRODUCT_PAGE, PUBLIC_PAGES as PUBLIC_PAGE_LIST } from '../app/public-pages'
import { unprefixed } from '../app/i18n/lang'
import { nowMs } from '../app/utils/clock'

/** Pages whose HTML is the same for every visitor. Never: /order-status, /checkout, /payment-details, /admin*, /api*, /paypro*. */
const PUBLIC_PAGES = new RegExp(`^/(?:${[...PUBLIC_PAGE_LIST.map((page) => page.path.slice(1)), PRODUCT_PAGE.pattern].join('|')})$`)

export function isPublicPage(pathname: string): boolean {
	// Each page's Urdu twin (/ur/…) is public too, and kept apart (the cache's key is the address).
	return PUBLIC_PAGES.test(unprefixed(pathname))
}

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

export function createPageCache({ ttlSeconds, maxEntries = 500, nonceOf, onHit }: PageCacheOptions): PageCache {
	const entries = new Map<string, Entry>()
	/** Renders being recorded, so that concurrent misses of one page wait for one render. */
	const inFlight = new Map<string, Promise<void>>()
	let generation = 0
	const enabled = ttlSeconds > 0

	const keyOf = (req: http.IncomingMessage) => `${isbot(req.headers['user-agent'] ?? '') ? 'bot' : 'human'} ${req.url}`
	const pathOf = (url: string) => {
		const q = url.indexOf('?')
		return q === -1 ? url : url.slice(0, q)
	}
	const eligible = (req: http.IncomingMessage) => enabled && req.method === 'GET' && isPublicPage(pathOf(req.url ?? ''))

	function fresh(key: string): Entry | undefined {
		const entry = entries.get(key)
		if (entry && entry.expires > nowMs()) return entry
		if (entry) entries.delete(key)
		return undefined
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
		entries.set(key, {
			expires: nowMs() + ttlSeconds * 1000,
			headers,
			csp: csp === undefined ? null : String(csp).split(nonce),
			segments,
			deflated,
			length: segments.reduce((n, s) => n + s.length, 0),
		})
	}

	function tryServe(req: http.IncomingMessage, res: http.ServerResponse): boolean {
		if (!eligible(req)) return false
		const entry = fresh(keyOf(req))
		if (!entry) return false
		send(req, res, entry)
		return true
	}

	const serve: RequestHandler = (req, res, next) => {
		// Any change through this server (a review, an order, an admin action) drops the cached pages.
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			clear()
			res.once('finish', clear)
			return next()
		}
		if (!eligible(req)) return next()
		const key = keyOf(req)
		const entry = fresh(key)
		if (entry) return send(req, res, entry)
		const pending = inFlight.get(key)
		if (!pending) return next()
		pending.then(
			() => {
				const ready = fresh(key)
				if (ready) send(req, res, ready)
				else next()
			},
			() => next(),
		)
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
		const finish = (completed: boolean) => {
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

	function clear() {
		generation++
		entries.clear()
	}

	return { enabled, tryServe, serve, record, clear, size: () => entries.size }
}

