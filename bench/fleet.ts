// The shop as deployed on more than one machine, on this one: a PostgreSQL cluster of the bench's
// own (initdb and pg_ctl, so it can be restarted), N instances of the built shop (NODE_ENV=production)
// behind nginx from Debian (a config derived from deploy/nginx.conf, run in the foreground with its
// own prefix, pid and logs under a temporary folder), and a PayPro of the bench's own (bench/paypro.ts)
// whose callbacks reach the shop through nginx. Used by the hike section; `usage()` reads what each
// process has cost from /proc (Linux).
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startOwnPostgres, type OwnPostgres } from '../tests/setup/own-postgres.ts'
import { startNginx } from '../tests/setup/nginx.ts'
import { payproSettings } from './paypro.ts'
import { BENCH_STAFF, freePort, log, ROOT, startScript, stopChild, tail, trackChild, waitForHealth, type ChildServer } from './server.ts'
import { SERVER_BUNDLE } from '../scripts/server-bundle'

/** The instances' /metrics token (the hike asks each instance for its event-loop lag). */
export const FLEET_METRICS_TOKEN = crypto.randomBytes(24).toString('base64url')
/** Clock ticks per second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100

export interface Instance {
	index: number
	port: number
	url: string
	/** The running process, or null between a stop and the next start. */
	child: ChildProcess | null
	/** Resolves with the exit code or signal once the current process has ended. */
	exited: Promise<number | string | null>
	start(): Promise<void>
}

export interface Fleet {
	/** nginx: where buyers and staff go. */
	url: string
	databaseUrl: string
	cluster: OwnPostgres
	instances: Instance[]
	paypro: ChildServer
	nginx: ChildProcess
	/** pg_ctl restart -m fast; resolves once PostgreSQL accepts connections again. */
	restartDatabase(): Promise<void>
	/** CPU seconds and memory used since the fleet started or the last markUsage(), read every second while the fleet runs. */
	usage(): Usage
	markUsage(): void
	stop(): Promise<void>
}

export interface Usage {
	/** CPU seconds (user + system) since the fleet started. */
	cpu: { instances: number; database: number; nginx: number; paypro: number; bench: number }
	/** The whole machine's busy CPU seconds over the same time (every process, the bench's and others'). */
	machineBusy: number
	wallSeconds: number
	/** Largest resident memory each instance reached (MB), over all its processes. */
	rssMb: number[]
}

/** utime + stime (and with `children`, cutime + cstime: the reaped children's) of a process, in seconds; null once it is gone. */
function cpuOf(pid: number, children = false): number | null {
	try {
		const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
		const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0)
		return ticks / TICKS
	} catch {
		return null
	}
}

function parentOf(pid: number): number | null {
	try {
		return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])
	} catch {
		return null
	}
}

function childrenOf(parent: number): number[] {
	return fs
		.readdirSync('/proc')
		.filter((d) => /^\d+$/.test(d))
		.map(Number)
		.filter((pid) => parentOf(pid) === parent)
}

function rssMbOf(pid: number): number | null {
	try {
		const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
		return match ? Number(match[1]) / 1024 : null
	} catch {
		return null
	}
}

/** Busy CPU seconds of the whole machine (all but idle and iowait), from /proc/stat. */
function machineBusySeconds(): number {
	const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
	const n = fields.map(Number)
	const total = n.slice(0, 8).reduce((a, b) => a + b, 0)
	return (total - n[3]! - n[4]!) / TICKS
}

/** The postmaster's pid, from the cluster's postmaster.pid (first line). */
function postmasterPid(dataDir: string): number | null {
	try {
		return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || null
	} catch {
		return null
	}
}

/** BENCH_NGINX_LOG=path: each request's times as nginx saw them (the whole, connecting upstream, the upstream's answer), for finding where a slow answer waited. */
const nginxLogLines = (): string[] | undefined =>
	process.env.BENCH_NGINX_LOG
		? [`log_format timing '$msec $request_time $upstream_connect_time $upstream_header_time $upstream_response_time $status $upstream_addr $upstream_http_x_page_cache $request_uri';`, `access_log ${process.env.BENCH_NGINX_LOG} timing;`]
		: undefined

/** Starts the fleet: cluster, PayPro, the first instance (which migrates), the others, then nginx in front. */
export async function startFleet({ instances: count, settings = {} }: { instances: number; settings?: Record<string, string> }): Promise<Fleet> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-fleet-'))
	const cluster = await startOwnPostgres({ port: await freePort(), maxConnections: 100 })
	const cleanups: (() => Promise<void>)[] = [() => cluster.remove()]
	try {
		const admin = new pg.Client({ connectionString: cluster.url })
		await admin.connect()
		await admin.query('create database shop')
		await admin.end()
		const databaseUrl = new URL('/shop', cluster.url).toString()
		const nginxPort = await freePort()
		const url = `http://127.0.0.1:${nginxPort}`
		const paypro = await startScript(path.join(ROOT, 'bench/paypro.ts'), [String(await freePort()), `${url}/paypro/uis`, `${url}/order-status`])
		cleanups.push(() => paypro.stop())
		// One key for every instance: they share the database, so they must share the delivery key.
		const deliveryKey = crypto.randomBytes(32).toString('base64')
		const instances: Instance[] = []
		for (let index = 0; index < count; index++) {
			instances.push(instanceOf(index, await freePort(), { url, databaseUrl, deliveryKey, dataDir: path.join(dir, `shop-${index + 1}`), settings: { ...payproSettings(paypro.url), ...settings } }))
		}
		cleanups.push(() => Promise.all(instances.map((i) => (i.child ? stopChild(i.child) : undefined))).then(() => {}))
		log(`fleet: PostgreSQL at ${cluster.url}, PayPro at ${paypro.url}; starting ${count} instances`)
		await instances[0]!.start()
		await Promise.all(instances.slice(1).map((i) => i.start()))
		const edge = await startNginx(dir, nginxPort, instances.map((i) => i.port), nginxLogLines())
		const nginx = edge.child
		trackChild(nginx)
		cleanups.push(() => edge.stop())
		log(`fleet: nginx at ${url} in front of ${instances.map((i) => i.port).join(', ')}`)
		const meter = usageMeter(cluster, instances, nginx, paypro)
		return {
			url,
			databaseUrl,
			cluster,
			instances,
			paypro,
			nginx,
			restartDatabase: () => cluster.restart(),
			usage: meter.read,
			markUsage: meter.mark,
			async stop() {
				meter.stop()
				for (const cleanup of cleanups.reverse()) await cleanup().catch((e: unknown) => log(`fleet: stopping: ${(e as Error).message}`))
				fs.rmSync(dir, { recursive: true, force: true })
			},
		}
	} catch (error) {
		for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
		fs.rmSync(dir, { recursive: true, force: true })
		throw error
	}
}

interface InstanceSetup {
	url: string
	databaseUrl: string
	deliveryKey: string
	dataDir: string
	settings: Record<string, string>
}

function instanceOf(index: number, port: number, setup: InstanceSetup): Instance {
	const env: NodeJS.ProcessEnv = { ...process.env }
	for (const name of Object.keys(env)) {
		if (/^(PAYPRO_|EMAIL_|BREVO_|SMTP_|DATABASE_)/.test(name) || ['PUBLIC_URL', 'DATA_DIR'].includes(name)) delete env[name]
	}
	Object.assign(env, {
		PORT: String(port),
		HOST: '127.0.0.1',
		NODE_ENV: 'production',
		LOG_LEVEL: 'warn',
		DATABASE_URL: setup.databaseUrl,
		DATA_DIR: setup.dataDir,
		DELIVERY_ENCRYPTION_KEY: setup.deliveryKey,
		PUBLIC_URL: setup.url,
		// Behind nginx: the buyer's address is the one it forwards (the per-address limits count buyers, not nginx).
		TRUST_PROXY: 'true',
		// The bench's buyers come from few addresses; the checkout limit is not what is measured.
		CHECKOUT_RATE_LIMIT: '1000000000',
		// The hike reads each instance's event-loop lag from /metrics, straight from the instance.
		METRICS_TOKEN: FLEET_METRICS_TOKEN,
		ADMIN_EMAIL: BENCH_STAFF.email,
		ADMIN_PASSWORD: BENCH_STAFF.password,
		...setup.settings,
	})
	const instance: Instance = {
		index,
		port,
		url: `http://127.0.0.1:${port}`,
		child: null,
		exited: Promise.resolve(null),
		async start() {
			fs.mkdirSync(setup.dataDir, { recursive: true })
			const extraArgs = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)
			const child = spawn(process.execPath, [...extraArgs, SERVER_BUNDLE], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
			trackChild(child)
			instance.child = child
			instance.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
			const output = tail(child, `[shop-${index + 1}] `, true)
			await waitForHealth(instance.url, child, output)
		},
	}
	return instance
}

/** Samples every process's CPU and memory each second; a process that ended keeps its last reading. */
function usageMeter(cluster: OwnPostgres, instances: Instance[], nginx: ChildProcess, paypro: ChildServer) {
	let started = performance.now()
	let machineStart = machineBusySeconds()
	let benchStart = process.cpuUsage()
	const last = { instances: new Map<number, number>(), postmasters: new Map<number, number>(), nginx: new Map<number, number>(), paypro: new Map<number, number>() }
	const rss = instances.map(() => 0)
	const sample = () => {
		for (const instance of instances) {
			const pid = instance.child?.pid
			if (!pid) continue
			const cpu = cpuOf(pid)
			if (cpu !== null) last.instances.set(pid, cpu)
			rss[instance.index] = Math.max(rss[instance.index]!, rssMbOf(pid) ?? 0)
		}
		// PostgreSQL: the postmaster with the backends it reaped (cutime), plus those still running.
		const postmaster = postmasterPid(cluster.dataDir)
		if (postmaster) {
			const own = cpuOf(postmaster, true)
			if (own !== null) last.postmasters.set(postmaster, own + childrenOf(postmaster).reduce((sum, pid) => sum + (cpuOf(pid) ?? 0), 0))
		}
		if (nginx.pid) {
			const own = cpuOf(nginx.pid, true)
			if (own !== null) last.nginx.set(nginx.pid, own + childrenOf(nginx.pid).reduce((sum, pid) => sum + (cpuOf(pid) ?? 0), 0))
		}
		if (paypro.child.pid) {
			const own = cpuOf(paypro.child.pid)
			if (own !== null) last.paypro.set(paypro.child.pid, own)
		}
	}
	const snapshot = () => ({
		instances: new Map(last.instances),
		postmasters: new Map(last.postmasters),
		nginx: new Map(last.nginx),
		paypro: new Map(last.paypro),
	})
	sample()
	let baseline = snapshot()
	const timer = setInterval(sample, 1_000)
	const since = (now: Map<number, number>, then: Map<number, number>) => [...now].reduce((sum, [pid, s]) => sum + s - (then.get(pid) ?? 0), 0)
	return {
		read(): Usage {
			sample()
			const bench = process.cpuUsage(benchStart)
			return {
				cpu: {
					instances: since(last.instances, baseline.instances),
					database: since(last.postmasters, baseline.postmasters),
					nginx: since(last.nginx, baseline.nginx),
					paypro: since(last.paypro, baseline.paypro),
					bench: (bench.user + bench.system) / 1e6,
				},
				machineBusy: machineBusySeconds() - machineStart,
				wallSeconds: (performance.now() - started) / 1000,
				rssMb: [...rss],
			}
		},
		/** Counts from now on (after the set-up, before the measured run). */
		mark() {
			sample()
			baseline = snapshot()
			started = performance.now()
			machineStart = machineBusySeconds()
			benchStart = process.cpuUsage()
			rss.fill(0)
		},
		stop: () => clearInterval(timer),
	}
}
