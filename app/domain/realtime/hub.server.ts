import { database } from '../../db/client.server'
import { logger } from '../../utils/logger.server'
import { singleton } from '../../utils/singleton.server'

type Handler = (payload: string) => void

// One LISTEN per channel per process, fanned out to every open stream of that process.
const channels = singleton('realtime-hub', () => new Map<string, { handlers: Set<Handler>; ready: Promise<unknown> }>())

export async function subscribe(channel: string, handler: Handler): Promise<() => void> {
	let entry = channels.get(channel)
	if (!entry) {
		const handlers = new Set<Handler>()
		const ready = database()
			.listen(channel, (payload) => {
				for (const h of handlers) {
					try {
						h(payload)
					} catch (error) {
						logger.warn({ err: error, channel }, 'realtime handler failed')
					}
				}
			})
			.catch((error: unknown) => {
				channels.delete(channel)
				throw error
			})
		entry = { handlers, ready }
		channels.set(channel, entry)
	}
	entry.handlers.add(handler)
	await entry.ready
	return () => entry.handlers.delete(handler)
}

/** A text/event-stream response that forwards chosen notifications, with a heartbeat. */
export function eventStream(
	request: Request,
	setup: (send: (event: string, data: string) => void) => Promise<() => void>,
): Response {
	const encoder = new TextEncoder()
	let cleanup: (() => void) | null = null
	let heartbeat: ReturnType<typeof setInterval> | null = null
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
			cleanup = await setup((event, data) => write(`event: ${event}\ndata: ${data}\n\n`))
			heartbeat = setInterval(() => write(': ping\n\n'), 25_000)
			request.signal.addEventListener('abort', () => {
				if (heartbeat) clearInterval(heartbeat)
				cleanup?.()
				try {
					controller.close()
				} catch {
					// already closed
				}
			})
		},
		cancel() {
			if (heartbeat) clearInterval(heartbeat)
			cleanup?.()
		},
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
