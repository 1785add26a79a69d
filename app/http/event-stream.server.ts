import type { ServerResponse } from 'node:http'
import { AppError } from '../utils/app-error'
import { DATABASE_AWAY_RETRY_AFTER_SECONDS } from '../db/unreachable'
import { logger } from '../utils/logger.server'
import type { LiveHolder } from '../domain/realtime/live-ended.server'
import { errorResponse } from './http.server'
import { holdStream } from './live-streams.server'
import { singleton } from '../utils/singleton.server'

/** Live streams (order and reviews together) one address may hold open on one server process. */
export const LIVE_STREAMS_PER_ADDRESS = 20
export const TOO_MANY_LIVE_STREAMS = 'Too many live connections from your address. Close some tabs and try again.'

// Per process: each instance behind a load balancer keeps its own count, as it holds its own connections.
const openByAddress = new Map<string, number>()

/** How many live streams an address holds open on this process now. */
export function openLiveStreams(clientIp: string): number {
	return openByAddress.get(clientIp) ?? 0
}

/**
 * Takes one of the address's live-stream slots, or null when it already holds `limit`; the
 * returned release gives the slot back, once however often it is called.
 */
function takeSlot(clientIp: string, limit: number): (() => void) | null {
	const open = openLiveStreams(clientIp)
	if (open >= limit) return null
	openByAddress.set(clientIp, open + 1)
	let released = false
	return () => {
		if (released) return
		released = true
		const left = openLiveStreams(clientIp) - 1
		if (left > 0) openByAddress.set(clientIp, left)
		else openByAddress.delete(clientIp)
	}
}

/**
 * The answer to a stream that cannot be opened for a moment (the database away): an event stream
 * holding only its retry time, ended at once, which a browser's EventSource waits out and opens
 * again by itself, as it never does after an error status.
 */
export function reconnectLater(): Response {
	return new Response(`retry: ${DATABASE_AWAY_RETRY_AFTER_SECONDS * 1000}\n\n`, {
		status: 200,
		headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'Retry-After': String(DATABASE_AWAY_RETRY_AFTER_SECONDS) },
	})
}

/** Where a fan-out writes an event it has already serialised and encoded: the same bytes to every stream. */
export interface LiveSink {
	write(chunk: Uint8Array): void
}

/** One server-sent event as bytes, made once and written to every stream that should have it. */
export const encodeEvent = (event: string, data: string): Uint8Array => Buffer.from(`event: ${event}\ndata: ${data}\n\n`)

/** Each event's bytes framed as one HTTP/1.1 chunk, made by the first stream that writes it and shared by the others. */
const framedChunks = new WeakMap<Uint8Array, Buffer>()
function framedChunk(chunk: Uint8Array): Buffer {
	let framed = framedChunks.get(chunk)
	if (!framed) {
		framed = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
		framedChunks.set(chunk, framed)
	}
	return framed
}

/**
 * Writes an event to a chunked response that has nothing waiting in it: straight to its socket, as
 * the one chunk Node would have written, the same bytes for every stream. Node's own response.write
 * would frame it again for each stream and hold the socket corked until the end of the tick, so a
 * fan-out to 10,000 pages sent nothing until it had framed all 10,000. Anything else (headers not
 * sent yet, bytes still waiting in the response, not chunked) goes through response.write.
 */
function writeEvent(out: ServerResponse, chunk: Uint8Array, buffered: number) {
	const socket = out.socket
	if (chunk.byteLength && socket && out.headersSent && out.chunkedEncoding && buffered === socket.writableLength) {
		socket.write(framedChunk(chunk))
	} else out.write(chunk)
}

const PING = Buffer.from(': ping\n\n')
const RETRY = Buffer.from('retry: 3000\n\n')
const HEARTBEAT_MS = 25_000

/** What a stream ended by a server shutting down says last: reconnect soon (to another instance, behind a load balancer). */
const RETRY_ELSEWHERE = Buffer.from('retry: 500\n\n')

/** Each open stream's ending, by its response (one map per process: the host and the build share it). */
const openStreams = singleton('live-streams-open', () => new Map<ServerResponse, (last?: Uint8Array) => void>())

/**
 * Ends the live stream a response carries, if it carries one, with a short retry hint: the
 * browser's EventSource reconnects at once and the load balancer sends it to an instance still
 * serving. A server shutting down would otherwise wait on streams that never end by themselves.
 */
export function endLiveStream(out: ServerResponse): boolean {
	const end = openStreams.get(out)
	end?.(RETRY_ELSEWHERE)
	return Boolean(end)
}

/**
 * Bytes one stream may have waiting for its client before the shop drops it: a page that stopped
 * reading (a phone gone to sleep, a stalled network) must not hold memory without bound. Far above
 * what a page that reads ever has waiting; the browser's EventSource reconnects to a dropped stream.
 */
export const LIVE_STREAM_MAX_BUFFERED = 256 * 1024

/** The open streams of this process, for one shared heartbeat (one timer, not one per stream). */
const beating = new Set<LiveSink>()
let heartbeat: ReturnType<typeof setInterval> | null = null

function beat(sink: LiveSink): () => void {
	beating.add(sink)
	if (!heartbeat) {
		heartbeat = setInterval(() => {
			for (const s of beating) s.write(PING)
		}, HEARTBEAT_MS)
		heartbeat.unref()
	}
	return () => {
		beating.delete(sink)
		if (!beating.size && heartbeat) {
			clearInterval(heartbeat)
			heartbeat = null
		}
	}
}

/**
 * A text/event-stream response that forwards chosen notifications, with a heartbeat. An address
 * past its cap of open streams gets a 429 instead; closing a stream frees its slot. With `holders`
 * (the buyer session, staff session or API key it was opened under), the stream ends as soon as any
 * of them ends, on whichever instance that happens.
 *
 * Events are written straight to the Node response (`out`, the load context's `liveResponse`): a
 * fan-out to 10,000 pages writes one shared buffer 10,000 times, with no web stream, encoder or
 * promise per page and write. The web Response returned only carries the headers and keeps the
 * adapter waiting until the stream ends. A client that lets more than LIVE_STREAM_MAX_BUFFERED
 * bytes pile up is dropped.
 */
export function eventStream(
	request: Request,
	out: ServerResponse,
	clientIp: string,
	setup: (send: (event: string, data: string) => void, sink: LiveSink) => Promise<() => void>,
	{ maxPerAddress = LIVE_STREAMS_PER_ADDRESS, holders = [] }: { maxPerAddress?: number; holders?: readonly LiveHolder[] } = {},
): Response {
	const release = takeSlot(clientIp, maxPerAddress)
	if (!release) return errorResponse(new AppError('RATE_LIMITED', TOO_MANY_LIVE_STREAMS), TOO_MANY_LIVE_STREAMS)
	let cleanup: (() => void) | null = null
	let unhold: (() => void) | null = null
	let unbeat: (() => void) | null = null
	let closed = false
	let finish: (() => void) | null = null
	const close = () => {
		if (closed) return
		closed = true
		openStreams.delete(out)
		unbeat?.()
		cleanup?.()
		unhold?.()
		release()
		finish?.()
	}
	const sink: LiveSink = {
		write(chunk) {
			if (closed) return
			if (out.destroyed || out.writableEnded) return close()
			const buffered = out.writableLength
			if (buffered > LIVE_STREAM_MAX_BUFFERED) {
				// Not reading: drop it rather than buffer without bound.
				close()
				out.destroy()
				return
			}
			writeEvent(out, chunk, buffered)
		},
	}
	const end = (last?: Uint8Array) => {
		if (last && out.headersSent) sink.write(last)
		close()
	}
	openStreams.set(out, end)
	// The buyer may leave before setup finishes: the slot is freed then, and again harmlessly later.
	if (request.signal.aborted) close()
	else request.signal.addEventListener('abort', close, { once: true })
	// Never enqueues: pulled once the adapter has sent the headers, it runs the stream and closes when
	// the stream ends (the holder ended, setup failed), which ends the response.
	const body = new ReadableStream<Uint8Array>(
		{
			pull(controller) {
				return new Promise<void>((resolve) => {
					finish = () => {
						try {
							controller.close()
						} catch {
							// already closed or cancelled
						}
						resolve()
					}
					if (closed) return finish()
					sink.write(RETRY)
					void (async () => {
						try {
							unhold = await holdStream(holders, close)
							cleanup = await setup((event, data) => sink.write(encodeEvent(event, data)), sink)
						} catch (error) {
							logger.warn({ err: error }, 'opening a live stream failed')
							close()
							return
						}
						if (closed) {
							cleanup()
							unhold()
							return
						}
						unbeat = beat(sink)
					})()
				})
			},
			cancel: close,
		},
		{ highWaterMark: 0 },
	)
	return new Response(body, {
		headers: {
			'Content-Type': 'text/event-stream; charset=utf-8',
			'Cache-Control': 'no-store',
			Connection: 'keep-alive',
			'X-Accel-Buffering': 'no',
		},
	})
}
