// The live stream's own transport, over a real node:http server and real sockets, piped as the
// React Router adapter pipes it: events reach the client as written, and a client that stops
// reading is dropped once LIVE_STREAM_MAX_BUFFERED bytes wait for it, instead of the shop holding
// ever more memory for it.
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { writeReadableStreamToWritable } from '@react-router/node'
import { afterEach, describe, expect, it } from 'vitest'
import { eventStream, LIVE_STREAM_MAX_BUFFERED, type LiveSink } from './event-stream.server'

let server: http.Server | null = null
afterEach(async () => {
	server?.closeAllConnections()
	await new Promise((resolve) => server?.close(resolve) ?? resolve(null))
	server = null
})

/** A server whose one route is an event stream; resolves with its port and, once a client is connected, the stream's sink and Node response. */
async function streamServer() {
	let opened!: (value: { sink: LiveSink; res: http.ServerResponse }) => void
	const connected = new Promise<{ sink: LiveSink; res: http.ServerResponse }>((resolve) => (opened = resolve))
	server = http.createServer((req, res) => {
		const abort = new AbortController()
		res.on('close', () => abort.abort())
		const request = new Request(`http://localhost${req.url}`, { signal: abort.signal })
		const response = eventStream(request, res, `client-${Math.random()}`, async (_send, sink) => {
			opened({ sink, res })
			return () => {}
		})
		res.writeHead(response.status, Object.fromEntries(response.headers))
		res.flushHeaders()
		void writeReadableStreamToWritable(response.body!, res).catch(() => {})
	})
	await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
	return { port: (server!.address() as AddressInfo).port, connected }
}

describe('event stream transport', () => {
	it('writes events straight to the response, in order', async () => {
		const { port, connected } = await streamServer()
		const received: string[] = []
		const done = new Promise<void>((resolve) => {
			http.get({ port, host: '127.0.0.1', path: '/' }, (res) => {
				res.setEncoding('utf8')
				res.on('data', (chunk: string) => {
					received.push(chunk)
					if (received.join('').includes('event: two')) resolve()
				})
			})
		})
		const { sink } = await connected
		sink.write(Buffer.from('event: one\ndata: 1\n\n'))
		sink.write(Buffer.from('event: two\ndata: 2\n\n'))
		await done
		expect(received.join('')).toBe('retry: 3000\n\nevent: one\ndata: 1\n\nevent: two\ndata: 2\n\n')
	})

	it('drops a client that stops reading once too much waits for it', async () => {
		const { port, connected } = await streamServer()
		// A client that sends the request and then never reads: its kernel buffers fill, then the shop's.
		const socket = net.connect(port, '127.0.0.1')
		socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
		socket.pause()
		const { sink, res } = await connected
		const chunk = Buffer.alloc(64 * 1024, 'a')
		let most = 0
		for (let i = 0; i < 2000 && !res.destroyed; i++) {
			sink.write(chunk)
			most = Math.max(most, res.writableLength)
			if (i % 20 === 0) await new Promise((r) => setImmediate(r))
		}
		expect(res.destroyed).toBe(true)
		expect(most).toBeLessThanOrEqual(LIVE_STREAM_MAX_BUFFERED + chunk.length)
		socket.destroy()
	})
})
