import type http from 'node:http'
import type { Socket } from 'node:net'
import { DRAIN_LINGER_MS, DRAIN_MAX_BYTES, DRAIN_MAX_MS } from '../app/http/request-guard'

/** The request carries a body (a declared length above 0, or chunks). */
const carriesBody = (req: http.IncomingMessage) =>
	req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')

/**
 * An answer given before the body was all read (a 413, a 405, a refused form) is not the end of the
 * connection's story: a client that sends its whole body before reading (most do) would have its
 * connection reset while still sending, and never read the answer. So, for every request, before any
 * route:
 *
 * - the answer says `Connection: close` (the rest of the body is never taken for a next request);
 * - once it is written, the rest of the body is read and thrown away (at most DRAIN_MAX_BYTES, for at
 *   most DRAIN_MAX_MS), and only then is the connection closed, the client done sending;
 * - past either bound (or a declared length past DRAIN_MAX_BYTES) the answer is sent, the shop's side
 *   of the connection ended, and what still arrives is read and thrown away for DRAIN_LINGER_MS
 *   before the connection is dropped: the answer reaches a client that reads while it sends.
 */
export function finishReadingBeforeClosing(req: http.IncomingMessage, res: http.ServerResponse): void {
	if (!carriesBody(req)) return
	const writeHead = res.writeHead
	res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
		if (!req.complete && !this.headersSent) this.setHeader('Connection', 'close')
		return writeHead.apply(this, args)
	} as typeof writeHead

	// Node ends a `Connection: close` answer with socket.destroySoon(): this socket's, for this answer,
	// waits for the body first. Node has stopped handing the body to anyone by then.
	const socket = req.socket as Socket & { destroySoon(): void }
	const destroySoon = socket.destroySoon
	const afterBody = function (this: typeof socket) {
		socket.destroySoon = destroySoon
		if (req.complete || socket.destroyed) return destroySoon.call(this)
		discardRest(req, socket, () => destroySoon.call(socket))
	}
	socket.destroySoon = afterBody
	// An answer that kept the connection (the body was all read by then) leaves the socket as it was.
	res.once('close', () => {
		if (socket.destroySoon === afterBody) socket.destroySoon = destroySoon
	})
}

/** Reads and throws away the rest of `req`'s body, then `close`s; past a bound, ends the shop's side and lingers. */
function discardRest(req: http.IncomingMessage, socket: Socket, close: () => void) {
	const declared = Number(req.headers['content-length'] ?? 0)
	const timers: { drain?: ReturnType<typeof setTimeout> } = {}
	let read = 0
	const stop = () => {
		clearTimeout(timers.drain)
		req.off('data', count)
		req.off('end', whole)
	}
	const whole = () => {
		stop()
		close()
	}
	const giveUp = () => {
		stop()
		if (socket.destroyed) return
		// The answer goes out with the end of the shop's side; what the client still sends is read and dropped a while.
		socket.end()
		const linger = setTimeout(() => socket.destroy(), DRAIN_LINGER_MS)
		linger.unref()
		socket.once('close', () => clearTimeout(linger))
		socket.once('end', () => socket.destroy())
		socket.resume()
	}
	const count = (chunk: Buffer) => {
		read += chunk.length
		if (read > DRAIN_MAX_BYTES) giveUp()
	}
	// Whoever read the body before (a route's stream) no longer does: every piece from here is counted and dropped.
	req.removeAllListeners('data')
	if (declared - socket.bytesRead > DRAIN_MAX_BYTES) {
		req.resume()
		return giveUp()
	}
	req.on('data', count)
	req.once('end', whole)
	req.resume()
	timers.drain = setTimeout(giveUp, DRAIN_MAX_MS)
	timers.drain.unref()
}
