import { AppError } from '../utils/app-error'
import { errorResponse } from './http.server'

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
 * A text/event-stream response that forwards chosen notifications, with a heartbeat. An address
 * past its cap of open streams gets a 429 instead; closing a stream frees its slot.
 */
export function eventStream(
	request: Request,
	clientIp: string,
	setup: (send: (event: string, data: string) => void) => Promise<() => void>,
	{ maxPerAddress = LIVE_STREAMS_PER_ADDRESS } = {},
): Response {
	const release = takeSlot(clientIp, maxPerAddress)
	if (!release) return errorResponse(new AppError('RATE_LIMITED', TOO_MANY_LIVE_STREAMS), TOO_MANY_LIVE_STREAMS)
	const encoder = new TextEncoder()
	let cleanup: (() => void) | null = null
	let heartbeat: ReturnType<typeof setInterval> | null = null
	let closed = false
	const close = () => {
		closed = true
		if (heartbeat) clearInterval(heartbeat)
		cleanup?.()
		release()
	}
	// The buyer may leave before setup finishes: the slot is freed then, and again harmlessly later.
	if (request.signal.aborted) close()
	else request.signal.addEventListener('abort', close, { once: true })
	const stream = new ReadableStream<Uint8Array>({
		async start(controller) {
			const write = (text: string) => {
				try {
					controller.enqueue(encoder.encode(text))
				} catch {
					// the stream was closed
				}
			}
			write('retry: 3000\n\n')
			try {
				cleanup = await setup((event, data) => write(`event: ${event}\ndata: ${data}\n\n`))
			} catch (error) {
				release()
				throw error
			}
			if (closed) {
				cleanup()
				return
			}
			heartbeat = setInterval(() => write(': ping\n\n'), 25_000)
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
