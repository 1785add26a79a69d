// The order page's live stream (GET /api/order/stream, server-sent events), read as the browser's
// EventSource reads it.

export interface StreamEvent {
	event: string
	data: string
}

export interface OpenOrderStream {
	events: StreamEvent[]
	/** Every reconnection delay the server asked for (`retry:` lines), in milliseconds. */
	retries: number[]
	/** Resolves with the first event (already received or still to come) that matches, or fails after timeoutMs. */
	next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>
	close(): void
	/** Resolves when the server has ended the stream (not when the test closed it). */
	ended: Promise<void>
}

export async function openOrderStream(shopUrl: string, orderNumber: string, headers: Record<string, string> = {}): Promise<OpenOrderStream> {
	const abort = new AbortController()
	const res = await fetch(`${shopUrl}/api/order/stream?orderNumber=${encodeURIComponent(orderNumber)}`, { headers, signal: abort.signal })
	if (res.status !== 200 || !res.body) throw new Error(`the order stream answered ${res.status}`)
	const events: StreamEvent[] = []
	const retries: number[] = []
	const waiters = new Set<() => void>()
	let serverEnded = () => {}
	const ended = new Promise<void>((resolve) => (serverEnded = resolve))
	void (async () => {
		const decoder = new TextDecoder()
		let buffered = ''
		try {
			for await (const chunk of res.body!) {
				buffered += decoder.decode(chunk, { stream: true })
				let end: number
				while ((end = buffered.indexOf('\n\n')) >= 0) {
					const block = buffered.slice(0, end)
					buffered = buffered.slice(end + 2)
					const event = /^event: (.*)$/m.exec(block)?.[1]
					const data = /^data: (.*)$/m.exec(block)?.[1]
					if (event && data !== undefined) events.push({ event, data })
					const retry = /^retry: (\d+)$/m.exec(block)?.[1]
					if (retry) retries.push(Number(retry))
				}
				for (const wake of waiters) wake()
			}
			serverEnded()
		} catch {
			// closed by the test
		}
	})()
	return {
		events,
		retries,
		next(match, timeoutMs = 15_000) {
			return new Promise((resolve, reject) => {
				const check = () => {
					const found = events.find(match)
					if (!found) return
					cleanup()
					resolve(found)
				}
				const timer = setTimeout(() => {
					cleanup()
					reject(new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(events)}`))
				}, timeoutMs)
				const cleanup = () => {
					clearTimeout(timer)
					waiters.delete(check)
				}
				waiters.add(check)
				check()
			})
		},
		close: () => abort.abort(),
		ended,
	}
}

/** The order's status as an `order` event carries it. */
export const orderStatusIs = (status: string) => (e: StreamEvent) => e.event === 'order' && (JSON.parse(e.data) as { status: string }).status === status
