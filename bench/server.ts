// Builds the shop if needed and runs it as a child process for the benchmark.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchDatabase } from './types.ts'
import { SERVER_BUNDLE } from '../scripts/server-bundle'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const HEALTH_TIMEOUT_MS = (Number(process.env.BENCH_START_TIMEOUT) || 300) * 1000
const STOP_TIMEOUT_MS = 15_000

/** Children still alive, killed hard if the bench process exits without stopping them. */
const live = new Set<ChildProcess>()
/** Other processes (by pid) and temporary folders to clean up on any exit. */
const livePids = new Set<number>()
const tempDirs = new Set<string>()
process.on('exit', () => {
	for (const child of live) child.kill('SIGKILL')
	for (const pid of livePids) {
		try {
			process.kill(pid, 'SIGKILL')
		} catch {
			// already gone
		}
	}
	for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
})

/** Kills `pid` if the bench exits before `untrack()` is called. */
export function trackPid(pid: number): () => void {
	livePids.add(pid)
	return () => livePids.delete(pid)
}

export function log(message: string) {
	process.stderr.write(`[bench +${Math.round(performance.now() / 1000)}s] ${message}\n`)
}

/** Runs `npm run build` when there is no server bundle yet. */
export async function ensureBuild(): Promise<void> {
	if (fs.existsSync(path.join(ROOT, SERVER_BUNDLE))) return
	log(`no ${SERVER_BUNDLE}: running \`npm run build\``)
	const started = Date.now()
	await new Promise<void>((resolve, reject) => {
		// Build output goes to stderr so stdout keeps only the summary.
		const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] })
		live.add(child)
		child.once('error', reject)
		child.once('exit', (code, signal) => {
			live.delete(child)
			if (code === 0) resolve()
			else reject(new Error(`npm run build failed (${signal ?? `exit ${code}`})`))
		})
	})
	if (!fs.existsSync(path.join(ROOT, SERVER_BUNDLE))) {
		throw new Error(`npm run build finished but ${SERVER_BUNDLE} is still missing`)
	}
	log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

/** BENCH_PORTS_FROM: the bench's servers take ports from here upwards (on a shared machine, a range of its own); unset, any free port. */
let nextPort = Number(process.env.BENCH_PORTS_FROM) || 0

function tryPort(port: number): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.unref()
		server.once('error', reject)
		server.listen(port, '127.0.0.1', () => {
			const address = server.address()
			const port = typeof address === 'object' && address ? address.port : 0
			server.close(() => resolve(port))
		})
	})
}

/** A TCP port that was free a moment ago on 127.0.0.1 (the next free one from BENCH_PORTS_FROM when set). */
export async function freePort(): Promise<number> {
	if (!nextPort) return tryPort(0)
	for (let tries = 0; tries < 100; tries++) {
		const port = nextPort++
		const free = await tryPort(port).catch(() => null)
		if (free) return free
	}
	throw new Error(`no free port among the 100 from BENCH_PORTS_FROM`)
}

/** A child process the bench started: killed hard if the bench exits before it ends. */
export function trackChild(child: ChildProcess) {
	live.add(child)
	child.once('exit', () => live.delete(child))
}

export interface ChildServer {
	url: string
	child: ChildProcess
	stop(): Promise<void>
}

const FORWARD_LIMIT = 10

/** Keeps the last lines a child printed, for error messages; forwards the first few to stderr. */
export function tail(child: ChildProcess, prefix: string, forward: boolean) {
	const lines: string[] = []
	let forwarded = 0
	let held = 0
	const onData = (chunk: Buffer) => {
		const text = chunk.toString()
		for (const line of text.split('\n').filter(Boolean)) {
			lines.push(line)
			if (!forward) continue
			if (forwarded < FORWARD_LIMIT) {
				forwarded++
				process.stderr.write(`${prefix}${line.length > 400 ? `${line.slice(0, 400)}…` : line}\n`)
			} else held++
		}
		if (lines.length > 40) lines.splice(0, lines.length - 40)
	}
	child.stdout?.on('data', onData)
	child.stderr?.on('data', onData)
	child.once('exit', () => {
		if (held) process.stderr.write(`${prefix}(${held} more lines not shown)\n`)
	})
	return () => lines.join('\n')
}

export async function stopChild(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) {
		live.delete(child)
		return
	}
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	child.kill('SIGTERM')
	const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
	await exited
	clearTimeout(timer)
	live.delete(child)
}

export async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
	const deadline = Date.now() + HEALTH_TIMEOUT_MS
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			const how = child.signalCode ?? `exit code ${child.exitCode}`
			throw new Error(`the shop stopped before it was healthy (${how}):\n${output()}`)
		}
		try {
			const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })
			await res.arrayBuffer()
			if (res.status === 200) return
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 500))
	}
	throw new Error(
		`the shop did not answer 200 on /healthz within ${HEALTH_TIMEOUT_MS / 1000} s ` +
			`(on a busy machine set BENCH_START_TIMEOUT=<seconds> to wait longer):\n${output()}`,
	)
}

/** Where `npm run bench` looks for PostgreSQL when BENCH_DATABASE_URL is unset. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** A database URL without its password, for printing. */
export function redactUrl(url: string): string {
	try {
		const u = new URL(url)
		if (u.password) u.password = '***'
		return u.toString()
	} catch {
		return '(unparsable URL)'
	}
}

export interface DatabaseChoice {
	/** A PostgreSQL server URL to create `shop_bench` on; PGlite when unset. */
	postgresAdminUrl?: string
	/** Why this database, for the printed summary. */
	note: string
}

/**
 * BENCH_DATABASE_URL=postgres://… uses that server, BENCH_DATABASE_URL=pglite uses PGlite; unset,
 * the bench measures on PostgreSQL at DEFAULT_POSTGRES_URL when it answers, on PGlite otherwise.
 */
export async function chooseDatabase(): Promise<DatabaseChoice> {
	const configured = process.env.BENCH_DATABASE_URL?.trim()
	if (configured && /^pglite$/i.test(configured)) return { note: 'PGlite, as BENCH_DATABASE_URL=pglite asks' }
	if (configured) {
		if (!/^postgres(ql)?:\/\//.test(configured)) throw new Error('BENCH_DATABASE_URL must be a postgres:// URL or "pglite"')
		return { postgresAdminUrl: configured, note: `PostgreSQL at ${redactUrl(configured)} (BENCH_DATABASE_URL)` }
	}
	const pg = (await import('pg')).default
	const client = new pg.Client({ connectionString: DEFAULT_POSTGRES_URL, connectionTimeoutMillis: 3_000 })
	try {
		await client.connect()
		await client.query('select 1')
		return { postgresAdminUrl: DEFAULT_POSTGRES_URL, note: `PostgreSQL at ${DEFAULT_POSTGRES_URL} (BENCH_DATABASE_URL unset: the default server answered)` }
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error)
		return {
			note:
				`NOTE: PostgreSQL did not answer at ${DEFAULT_POSTGRES_URL} (${reason.slice(0, 120)}), so the shop ran on PGlite: ` +
				'figures for a production PostgreSQL deployment may differ. Set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL',
		}
	} finally {
		await client.end().catch(() => {})
	}
}

/** The database the bench creates (dropped first) on the PostgreSQL server: BENCH_DATABASE_NAME, default shop_bench. */
export function benchDatabaseName(): string {
	const name = process.env.BENCH_DATABASE_NAME?.trim() || 'shop_bench'
	if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`BENCH_DATABASE_NAME must be lower-case letters, digits and _ (got ${name})`)
	return name
}

/** The owner account the bench's shop creates at start (ADMIN_EMAIL / ADMIN_PASSWORD), for sections that sign in to the staff console. */
export const BENCH_STAFF = { email: 'bench-owner@example.com', password: 'bench-owner-password-1' } as const

export interface ShopOptions {
	/** A PostgreSQL server URL to create the bench database on (see benchDatabaseName); PGlite in a temporary folder when unset. */
	postgresAdminUrl?: string
	/** The database created on that server (default benchDatabaseName()): a section with a shop of its own names its own. */
	databaseName?: string
	/** Settings over the bench's defaults, e.g. a PayPro account (then the simulator is not asked for). */
	settings?: Record<string, string>
	/** The port to listen on (one chosen beforehand, when another server must know the shop's address first). */
	port?: number
}

export interface RunningShop extends ChildServer {
	database: BenchDatabase
}

/** Starts the built shop (production mode) on a free port and waits until /healthz answers 200. */
export async function startShop(options: ShopOptions = {}): Promise<RunningShop> {
	const port = options.port ?? (await freePort())
	const env: NodeJS.ProcessEnv = {
		...process.env,
		PORT: String(port),
		HOST: '127.0.0.1',
		NODE_ENV: 'production',
		LOG_LEVEL: 'warn',
		// Every request of the bench comes from 127.0.0.1: the default (20 orders per 10 minutes
		// per address) would stop the checkout section after 20 orders.
		CHECKOUT_RATE_LIMIT: '1000000000',
		// A fresh database: the shop creates this owner at start, whatever this shell has configured.
		ADMIN_EMAIL: BENCH_STAFF.email,
		ADMIN_PASSWORD: BENCH_STAFF.password,
	}
	delete env.DATABASE_URL
	delete env.DATA_DIR
	// Default integrations whatever this shell has configured: the built-in PayPro simulator (the
	// checkout and live sections pay through it) and emails kept in the outbox, never sent.
	for (const name of Object.keys(env)) {
		if (/^(PAYPRO_|EMAIL_|BREVO_|SMTP_)/.test(name) || name === 'PUBLIC_URL') delete env[name]
	}
	// No PayPro account here: the bench pays through the built-in simulator, asked for explicitly
	// (after the loop above, which would take it away again).
	if (!options.settings?.PAYPRO_CLIENT_ID) env.PAYPRO_SIMULATOR = 'true'
	Object.assign(env, options.settings)
	// Production requires the shop's own address; here it is this port (links and the simulator's pages name it).
	env.PUBLIC_URL = `http://localhost:${port}`
	let dataDir: string | undefined
	let database: BenchDatabase
	if (options.postgresAdminUrl) {
		const { freshPostgresDatabase } = await import('../tests/setup/postgres.ts')
		env.DATABASE_URL = await freshPostgresDatabase(options.postgresAdminUrl, options.databaseName ?? benchDatabaseName())
		const server = new URL(options.postgresAdminUrl)
		const name = new URL(env.DATABASE_URL).pathname.slice(1)
		database = { kind: 'postgres', label: `postgres (${name} on ${server.host})`, url: env.DATABASE_URL }
	} else {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
		tempDirs.add(dataDir)
		env.DATA_DIR = dataDir
		database = { kind: 'pglite', label: 'pglite (temporary DATA_DIR)' }
	}

	const url = `http://127.0.0.1:${port}`
	log(`starting the shop on ${url} with ${database.label}`)
	const started = Date.now()
	// BENCH_SHOP_NODE_ARGS: extra Node flags for the shop only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under load.
	const extraArgs = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)
	const child = spawn(process.execPath, [...extraArgs, SERVER_BUNDLE], {
		cwd: ROOT,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	live.add(child)
	const output = tail(child, '[shop] ', true)
	const stop = async () => {
		await stopChild(child)
		if (dataDir) {
			fs.rmSync(dataDir, { recursive: true, force: true })
			tempDirs.delete(dataDir)
		}
	}
	try {
		await waitForHealth(url, child, output)
	} catch (error) {
		await stop()
		throw error
	}
	log(`the shop is healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`)
	return { url, child, stop, database }
}

/** Starts a small script as a Node child process; it must print `listening <port>` on stdout. */
export async function startScript(script: string, args: string[]): Promise<ChildServer> {
	const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : []
	const child = spawn(process.execPath, [...loader, script, ...args], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	live.add(child)
	const output = tail(child, '', false)
	try {
		const port = await new Promise<number>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`${script} did not start within 120 s:\n${output()}`)), 120_000)
			child.stdout!.on('data', (chunk: Buffer) => {
				const match = /listening (\d+)/.exec(chunk.toString())
				if (match) {
					clearTimeout(timer)
					resolve(Number(match[1]))
				}
			})
			child.once('exit', (code) => {
				clearTimeout(timer)
				reject(new Error(`${script} exited with ${code}:\n${output()}`))
			})
		})
		return { url: `http://127.0.0.1:${port}`, child, stop: () => stopChild(child) }
	} catch (error) {
		await stopChild(child)
		throw error
	}
}
