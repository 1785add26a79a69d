import { AppError } from '../utils/app-error'
import type { LiveHolder } from '../domain/realtime/live-ended.server'
import { errorResponse } from './http.server'
import { holdStream } from './live-streams.server'

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

/** Where a fan-out writes an event it has already serialised and encoded: the same bytes to every stream. */
export interface LiveSink {
	write(chunk: Uint8Array): void
}

const encoder = new TextEncoder()

/** One server-sent event as bytes, made once and written to every stream that should have it. */
export const encodeEvent = (event: string, data: string): Uint8Array => encoder.encode(`event: ${event}\ndata: ${data}\n\n`)

const PING = encoder.encode(': ping\n\n')
const RETRY = encoder.encode('retry: 3000\n\n')

/**
 * A text/event-stream response that forwards chosen notifications, with a heartbeat. An address
 * past its cap of open streams gets a 429 instead; closing a stream frees its slot. With `holders`
 * (the buyer session, staff session or API key it was opened under), the stream ends as soon as any
 * of them ends, on whichever instance that happens.
 */
export function eventStream(
	request: Request,
	clientIp: string,
	setup: (send: (event: string, data: string) => void, sink: LiveSink) => Promise<() => void>,
	{ maxPerAddress = LIVE_STREAMS_PER_ADDRESS, holders = [] }: { maxPerAddress?: number; holders?: readonly LiveHolder[] } = {},
): Response {
	const release = takeSlot(clientIp, maxPerAddress)
	if (!release) return errorResponse(new AppError('RATE_LIMITED', TOO_MANY_LIVE_STREAMS), TOO_MANY_LIVE_STREAMS)
	let cleanup: (() => void) | null = null
	let unhold: (() => void) | null = null
	let heartbeat: ReturnType<typeof setInterval> | null = null
	let closed = false
	let controllerRef: ReadableStreamDefaultController<Uint8Array> | null = null
	const close = () => {
		if (closed) return
		closed = true
		if (heartbeat) clearInterval(heartbeat)
		cleanup?.()
		unhold?.()
		release()
	}
	/** The holder ended: stop forwarding and end the response. */
	const end = () => {
		close()
		try {
			controllerRef?.close()
		} catch {
			// already closed
		}
	}
	// The buyer may leave before setup finishes: the slot is freed then, and again harmlessly later.
	if (request.signal.aborted) close()
	else request.signal.addEventListener('abort', close, { once: true })
	const stream = new ReadableStream<Uint8Array>({
		async start(controller) {
			controllerRef = controller
			const write = (chunk: Uint8Array) => {
				if (closed) return
				try {
					controller.enqueue(chunk)
				} catch {
					// the stream was closed
				}
			}
			write(RETRY)
			try {
				unhold = await holdStream(holders, end)
				cleanup = await setup((event, data) => write(encodeEvent(event, data)), { write })
			} catch (error) {
				close()
				throw error
			}
			if (closed) {
				cleanup()
				unhold()
				return
			}
			heartbeat = setInterval(() => write(PING), 25_000)
			request.signal.addEventListener('abort', () => {
				try {
					controller.close()
				} catch {
					// already closed
				}
			})
		},
		cancel: close,
	})
	return new Response(stream, {
		headers: {
			'Content-Type': 'text/event-stream; charset=utf-8',
			'Cache-Control': 'no-store',
			Connection: 'keep-alive',
			'X-Accel-Buffering': 'no',
		},
	})
}
