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
