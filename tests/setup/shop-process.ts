// A shop server in a process of its own (`node build/server/start.js`, as `npm start` serves
// it), for tests where two servers must not share anything but the database, or where a process must die.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import net from 'node:net'
import { SERVER_BUNDLE } from '../../scripts/server-bundle'

export interface ShopProcess {
	url: string
	child: ChildProcess
	/** Every log line so far, parsed (pino JSON). */
	logs: Record<string, unknown>[]
	/** Resolves with the exit code (or signal) once the process has ended. */
	exited: Promise<number | string | null>
	/** kill -9: no shutdown, no cleanup, as a crash or an evicted container. */
	crash(): Promise<void>
	/** SIGTERM, as a supervisor stops it. */
	stop(): Promise<void>
}

/** One key for all processes of a test: they share a database, so they must share the delivery key. */
export const sharedDeliveryKey = crypto.randomBytes(32).toString('base64')

/** React's production build, loaded before the server as when deployed (the process runs with NODE_ENV=test). */
const PRODUCTION_REACT = new URL('./production-react.mjs', import.meta.url).href

export async function spawnShop(settings: Record<string, string | undefined>, { startTimeoutMs = 120_000 } = {}): Promise<ShopProcess> {
	const child = spawn(process.execPath, ['--import', PRODUCTION_REACT, SERVER_BUNDLE], {
		env: {
			...process.env,
			NODE_ENV: 'test',
			PORT: '0',
			HOST: '127.0.0.1',
			LOG_LEVEL: 'info',
			DELIVERY_ENCRYPTION_KEY: sharedDeliveryKey,
			CHECKOUT_RATE_LIMIT: '1000',
			...settings,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const logs: Record<string, unknown>[] = []
	let stderr = ''
	const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`the shop did not start within ${startTimeoutMs} ms\n${stderr}`)), startTimeoutMs)
		let buffered = ''
		child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
			buffered += chunk
			const lines = buffered.split('\n')
			buffered = lines.pop()!
			for (const line of lines) {
				try {
					const entry = JSON.parse(line) as Record<string, unknown>
					logs.push(entry)
					if (entry.msg === 'shop is serving') {
						clearTimeout(timer)
						resolve(entry.url as string)
					}
				} catch {
					// not a log line (Vite's own output)
				}
			}
		})
		child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
		void exited.then((code) => {
			clearTimeout(timer)
			reject(new Error(`the shop exited (${code}) before serving\n${stderr}\n${JSON.stringify(logs.slice(-5))}`))
		})
	})
	const end = async (signal: NodeJS.Signals) => {
		if (child.exitCode === null && child.signalCode === null) child.kill(signal)
		await exited
	}
	return { url, child, logs, exited, crash: () => end('SIGKILL'), stop: () => end('SIGTERM') }
}

/**
 * A TCP relay between the shop and PostgreSQL that the test can cut: `down()` drops every
 * connection and refuses new ones (PostgreSQL restarting), `hang()` accepts connections and never
 * answers (a database that stopped responding), `up()` relays again.
 */
export async function startDatabaseRelay(databaseUrl: string) {
	const target = new URL(databaseUrl)
	let mode: 'up' | 'down' | 'hang' = 'up'
	const sockets = new Set<net.Socket>()
	const server = net.createServer((client) => {
		sockets.add(client)
		client.on('close', () => sockets.delete(client))
		client.on('error', () => client.destroy())
		if (mode === 'down') return client.destroy()
		if (mode === 'hang') return
		const upstream = net.connect(Number(target.port || 5432), target.hostname)
		sockets.add(upstream)
		upstream.on('close', () => {
			sockets.delete(upstream)
			client.destroy()
		})
		upstream.on('error', () => upstream.destroy())
		client.on('close', () => upstream.destroy())
		client.pipe(upstream)
		upstream.pipe(client)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = (server.address() as net.AddressInfo).port
	const relayed = new URL(databaseUrl)
	relayed.hostname = '127.0.0.1'
	relayed.port = String(port)
	const dropAll = () => {
		for (const s of sockets) s.destroy()
		sockets.clear()
	}
	return {
		url: relayed.toString(),
		down() {
			mode = 'down'
			dropAll()
		},
		hang() {
			mode = 'hang'
			dropAll()
		},
		up() {
			mode = 'up'
			dropAll()
		},
		async close() {
			dropAll()
			await new Promise((r) => server.close(r))
		},
	}
}
