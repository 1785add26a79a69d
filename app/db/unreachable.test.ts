import net from 'node:net'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { databaseUnreachable } from './unreachable'

/** A port nothing listens on: taken, then let go. */
async function closedPort() {
	const server = net.createServer()
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as net.AddressInfo
	await new Promise((resolve) => server.close(resolve))
	return port
}

describe('databaseUnreachable', () => {
	it('names a PostgreSQL that refuses connections, also when wrapped as a query error', async () => {
		const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/shop` })
		const refused = await client.connect().then(
			() => null,
			(error: unknown) => error,
		)
		expect(databaseUnreachable(refused)).toBe(true)
		expect(databaseUnreachable(new Error('Failed query: select 1', { cause: refused }))).toBe(true)
	})

	it('names a server shutting down or starting, and any connection exception', () => {
		for (const code of ['57P01', '57P03', '08006']) expect(databaseUnreachable(Object.assign(new Error('terminating connection'), { code }))).toBe(true)
		expect(databaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true)
	})

	it('names a pool whose connections are all taken for longer than a request may wait', async () => {
		// A server that takes connections and never answers: the pool's one connection is never ready.
		const sockets: net.Socket[] = []
		let closing = false
		// A connection that arrives once the test is ending (the pool trying again) is cut at once, so closing never waits on it.
		const silent = net.createServer((socket) => (closing ? socket.destroy() : void sockets.push(socket)))
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
		const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/shop`, max: 1, connectionTimeoutMillis: 200 })
		pool.on('error', () => {})
		try {
			const errors = await Promise.all([pool.connect(), pool.connect()].map((p) => p.then(() => null, (error: unknown) => error)))
			expect(errors.map((e) => (e as Error).message)).toContain('timeout exceeded when trying to connect')
			for (const error of errors) expect(databaseUnreachable(new Error('Failed query: select 1', { cause: error }))).toBe(true)
		} finally {
			closing = true
			for (const socket of sockets) socket.destroy()
			// A client still connecting to the silent server holds pool.end(); neither may hold the test.
			const bounded = (p: Promise<unknown>) => Promise.race([p.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000).unref())])
			await bounded(pool.end())
			await bounded(new Promise((resolve) => silent.close(resolve)))
		}
	})

	it('leaves the shop’s own faults alone: a broken rule, a bug', () => {
		expect(databaseUnreachable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false)
		expect(databaseUnreachable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
		expect(databaseUnreachable(null)).toBe(false)
	})
})
