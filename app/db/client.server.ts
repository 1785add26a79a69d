import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import lockfile from 'proper-lockfile'
import pg from 'pg'
import * as schema from './schema'
import { logger } from '../utils/logger.server'
import { singleton } from '../utils/singleton.server'

// Both drivers speak the same dialect; the app codes against one type.
export type Db = NodePgDatabase<typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

type Listener = (payload: string) => void

/**
 * The database connections this process holds (GET /metrics, ADR-056): on PostgreSQL the pool's, on
 * PGlite its one in-process connection (nothing ever waits for another; idle and waiting are unknown).
 */
export interface ConnectionUsage {
	max: number
	open: number
	idle: number | null
	waiting: number | null
}

export interface Database {
	db: Db
	kind: 'pglite' | 'postgres'
	connections(): ConnectionUsage
	/** With DATABASE_REPLICA_URL: where long reads go now, and how many fell back to the primary (ADR-059). */
	replica?: () => { state: 'replica' | 'primary'; fallbacks: number }
	/** With DATABASE_REPLICA_URL: how many seconds the replica is behind (0 when it has replayed all it received), null when it cannot say. */
	replicaLag?: () => Promise<number | null>
	/** LISTEN on a channel; returns an unsubscribe function. */
	listen(channel: string, onPayload: Listener): Promise<() => Promise<void>>
	/**
	 * Called each time the LISTEN connection is back after it was lost (PostgreSQL restarted, the
	 * network cut): notifications sent meanwhile are not replayed, so each listener reads again what it
	 * shows. Returns the function that stops it.
	 */
	onListenRestored(restored: () => void): () => void
	close(): Promise<void>
}

export class DataDirLockedError extends Error {}

const migrationsFolder = (() => {
	// Works from app/db (tsx, tests) and from build/server (bundled): find drizzle/ upwards.
	let dir = path.dirname(fileURLToPath(import.meta.url))
	for (let i = 0; i < 5; i++) {
		const candidate = path.join(dir, 'drizzle')
		if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate
		dir = path.dirname(dir)
	}
	return path.resolve('drizzle')
})()

/** The migrations this code knows, oldest first (drizzle/meta/_journal.json): a backup names the last one it was made under. */
export function knownMigrations(): { tag: string; when: number }[] {
	const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }
	return journal.entries.map(({ tag, when }) => ({ tag, when }))
}

/** What runs once the schema is migrated and before the shop serves: seeding, the owner account. */
export type Prepare = (db: Db) => Promise<void>

/** PostgreSQL's type id of bytea. */
const BYTEA = 17

/**
 * Binary values (uploaded covers) in PGlite's text protocol as hex, encoded and decoded by Node
 * itself: PGlite's own bytea codec turns every byte into a string of its own, which held the event
 * loop for about 0.4 s while a photo cover's files (600 KB) were written, and about as long while
 * /media read them back (now 0.1 s and 0.02 s).
 */
export const pgliteBinaryCodec = {
	serializers: { [BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}` },
	parsers: { [BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
}

export async function openPglite(dataDir: string | null, { prepare }: { prepare?: Prepare } = {}): Promise<Database> {
	let release: (() => Promise<void>) | null = null
	let client: PGlite
	if (dataDir) {
		const folder = path.resolve(dataDir, 'pglite')
		fs.mkdirSync(folder, { recursive: true })
		try {
			release = await lockfile.lock(folder, { stale: 15_000, update: 5_000, retries: 0 })
		} catch {
			throw new DataDirLockedError(
				`Another shop server is already using the embedded database in ${folder}. ` +
					'PGlite serves one process only: stop the other server, or set DATA_DIR to another folder, ' +
					'or set DATABASE_URL to use PostgreSQL.',
			)
		}
		client = new PGlite(folder, { extensions: { pg_trgm }, ...pgliteBinaryCodec })
	} else {
		client = new PGlite({ extensions: { pg_trgm }, ...pgliteBinaryCodec })
	}
	const close = async () => {
		await client.close()
		await release?.()
	}
	try {
		await client.waitReady
		const db = drizzlePglite({ client, schema }) as unknown as Db
		// The folder lock already keeps every other process out: no database lock is needed.
		await migratePglite(db as never, { migrationsFolder })
		await prepare?.(db)
		return {
			db,
			kind: 'pglite',
			connections: () => ({ max: 1, open: 1, idle: null, waiting: null }),
			async listen(channel, onPayload) {
				const unsub = await client.listen(channel, onPayload)
				return async () => unsub()
			},
			// In this process: its notifications are never lost.
			onListenRestored: () => () => {},
			close,
		}
	} catch (error) {
		await close().catch(() => {})
		throw error
	}
}

// With PostgreSQL unreachable, a query fails after this long instead of queueing for ever.
const CONNECT_TIMEOUT_MS = 5_000
// A request waits this long for one of the pool's connections (pg-pool counts the wait and the
// connecting together): a burst of payments (a hundred confirmed at once on a price-hike day) queues
// behind the pool's ten rather than failing after 5 s; one that still cannot have one is refused
// with the 503 that says to try again (app/db/unreachable.ts).
const POOL_WAIT_MS = 15_000

// Session-level advisory lock key for start-up (migrations, seed, owner); the seed's own
// transaction lock is 7301, so the two never wait for each other.
const STARTUP_LOCK = 7300

/**
 * Runs `work` while holding the start-up lock on a connection of its own, so instances started
 * together migrate and seed one after the other. PostgreSQL frees the lock if this process dies.
 */
async function underStartupLock(url: string, work: () => Promise<void>) {
	const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'shop start-up lock' })
	lock.on('error', (error) => logger.warn({ err: error }, 'database: the start-up lock connection was lost'))
	await lock.connect()
	try {
		const { rows } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [STARTUP_LOCK])
		if (!rows[0]?.locked) {
			logger.info('database: another instance is starting up; waiting for its migrations and seed')
			await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
		}
		await work()
	} finally {
		await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {})
		await lock.end().catch(() => {})
	}
}

/** Connections one instance opens at most for its requests and jobs (and LONG_READ_CONNECTIONS more for long reads): with several instances, PostgreSQL's max_connections must hold them all. */
const POOL_MAX = 10

/** Connections of the long reads' own pool (reports, exports, the customers' figures, searches): ADR-057. */
export const LONG_READ_CONNECTIONS = 3
// With every long-read connection busy, a report waits this long for one before it fails.
const LONG_READ_WAIT_MS = 60_000
/** After the replica failed, long reads go to the primary this long before the replica is tried again. */
export const REPLICA_RETRY_MS = 30_000

/** Where long reads go (ADR-059): the replica while it answers, else the primary's long-read pool. */
export interface LongReaders {
	primary: Db
	replica: ReplicaReader | null
}

/** The read replica (DATABASE_REPLICA_URL) and whether it answered last time. */
export interface ReplicaReader {
	db: Db
	/** True unless the replica failed less than REPLICA_RETRY_MS ago. */
	usable(): boolean
	/** The replica could not be reached: long reads go to the primary for a while (logged once). */
	failed(error: unknown): void
	/** The replica answered: long reads stay on it (logged when it is back). */
	answered(): void
	/** 'replica' while long reads go to it, 'primary' while they fall back. */
	state(): 'replica' | 'primary'
	/** Long reads that failed on the replica and were answered by the primary since start. */
	fallbacks(): number
	/** Seconds since the last change the replica replayed, 0 when it has replayed all it received; null when it does not answer within REPLICA_LAG_WAIT_MS. */
	lagSeconds(): Promise<number | null>
}

/** How long a lag reading waits for the replica (a connection of the long-read pool, then one statement) before it says nothing. */
const REPLICA_LAG_WAIT_MS = 2_000

/**
 * A standby's lag as it knows it: none while it has replayed every change it received (an idle
 * primary sends none), else the time since the last transaction it replayed committed. A server that
 * is not a standby is never behind itself.
 */
const REPLICA_LAG_SQL = `select case
	when not pg_is_in_recovery() then 0
	when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
	else greatest(0, extract(epoch from now() - pg_last_xact_replay_timestamp()))
end::float8 as lag`

// One per process, like the database itself: the server bundle's copy of this module reads what the
// host's copy opened (a module-level map was empty in the bundle, so long reads ran on the main pool).
const routes = singleton('database routes', () => ({ longReaders: new WeakMap<Db, LongReaders>(), behindTransactionPooler: new WeakSet<Db>() }))
const { longReaders, behindTransactionPooler } = routes

/** The pools long reads use beside `db` (PostgreSQL), or undefined where there is one connection anyway (PGlite). Read through boundedRead only. */
export const longReadersOf = (db: Db): LongReaders | undefined => longReaders.get(db)

/** Whether a prepared statement may be named (parsed once per connection) on `db`: not through PgBouncer in transaction mode. */
export const namesStatements = (db: Db): boolean => !behindTransactionPooler.has(db)

/** How long reads are opened: no parallel workers (they took the CPU checkouts need), no JIT (compiling these aggregates cost more than it saved). */
const LONG_READ_OPTIONS = '-c max_parallel_workers_per_gather=0 -c jit=off'

function longReadPool(url: string, applicationName: string, connectTimeoutMs?: number) {
	const pool = new pg.Pool({
		connectionString: url,
		max: LONG_READ_CONNECTIONS,
		connectionTimeoutMillis: LONG_READ_WAIT_MS,
		keepAlive: true,
		application_name: applicationName,
		options: LONG_READ_OPTIONS,
		// The pool waits up to a minute for a free connection; making one (on the replica) gives up sooner.
		...(connectTimeoutMs
			? {
					Client: class extends pg.Client {
						constructor(config?: pg.ClientConfig) {
							super({ ...config, connectionTimeoutMillis: connectTimeoutMs })
						}
					},
				}
			: {}),
	})
	pool.on('error', (error) => logger.warn({ err: error, pool: applicationName }, 'database: an idle long-read connection was lost; the next report opens a new one'))
	pool.on('connect', (client) => client.on('error', () => {}))
	return pool
}

function replicaReader(pool: pg.Pool): ReplicaReader {
	let failedAt: number | null = null
	let fallbacks = 0
	return {
		db: drizzlePg({ client: pool, schema }),
		usable: () => failedAt === null || Date.now() - failedAt >= REPLICA_RETRY_MS,
		failed(error) {
			fallbacks++
			if (failedAt === null) logger.warn({ err: error, retryInMs: REPLICA_RETRY_MS }, 'database: the read replica cannot be reached; reports, exports, customers and searches read from the primary meanwhile')
			failedAt = Date.now()
		},
		answered() {
			if (failedAt === null) return
			failedAt = null
			logger.info('database: the read replica answers again; long reads go to it')
		},
		state: () => (failedAt === null ? 'replica' : 'primary'),
		fallbacks: () => fallbacks,
		async lagSeconds() {
			let timer: NodeJS.Timeout | undefined
			const reading = pool.query<{ lag: number | null }>(REPLICA_LAG_SQL).then(
				({ rows }) => rows[0]?.lag ?? null,
				() => null,
			)
			const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, REPLICA_LAG_WAIT_MS, null)))
			try {
				return await Promise.race([reading, late])
			} finally {
				clearTimeout(timer)
			}
		},
	}
}

/** How the shop reaches PostgreSQL beside DATABASE_URL (ADR-059). */
export interface PostgresRoutes {
	/** DATABASE_DIRECT_URL: a session of its own (migrations, the start-up lock, LISTEN, long reads); DATABASE_URL when unset. */
	directUrl?: string
	/** DATABASE_REPLICA_URL: a streaming replica that answers long reads. */
	replicaUrl?: string
	/** DATABASE_POOLER=transaction: DATABASE_URL is PgBouncer in transaction mode, so statements are sent unnamed. */
	pooler?: 'transaction' | 'none'
}

export async function openPostgres(url: string, { prepare, directUrl = url, replicaUrl, pooler = 'none' }: { prepare?: Prepare } & PostgresRoutes = {}): Promise<Database> {
	// No JIT on the main pool either (ADR-057): at a million orders the console's to-do count was planned
	// at a cost above jit_above_cost and spent 500 ms compiling a query that runs in 20 ms. PgBouncer
	// passes no startup options: behind it, set `jit = off` on the database (ADR-059).
	const pool = new pg.Pool({ connectionString: url, max: POOL_MAX, connectionTimeoutMillis: POOL_WAIT_MS, keepAlive: true, application_name: 'shop', ...(pooler === 'transaction' ? {} : { options: '-c jit=off' }) })
	// An idle connection that dies (PostgreSQL restarted, a backend terminated) is dropped by the
	// pool and the next query opens a new one: log it, never let the event crash the process.
	pool.on('error', (error) => logger.warn({ err: error }, 'database: an idle connection was lost; the next query opens a new one'))
	// A connection that dies while checked out (in a transaction) fails its query; the pool drops it on release.
	pool.on('connect', (client) => client.on('error', () => {}))
	const db = drizzlePg({ client: pool, schema })
	if (pooler === 'transaction') behindTransactionPooler.add(db)
	try {
		// Migrations and the seed run on a session of their own (DATABASE_DIRECT_URL), under the
		// session's advisory lock: a pooler in transaction mode would hand their statements to
		// other server connections.
		const startup = directUrl === url ? null : new pg.Pool({ connectionString: directUrl, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'shop start-up' })
		try {
			const startupDb = startup ? drizzlePg({ client: startup, schema }) : db
			await underStartupLock(directUrl, async () => {
				await migratePg(startupDb, { migrationsFolder })
				await prepare?.(startupDb)
			})
		} finally {
			await startup?.end().catch(() => {})
		}
	} catch (error) {
		await pool.end().catch(() => {})
		throw error
	}
	// Long reads on a pool of their own: two people reading reports can never hold the connections
	// checkouts and payments wait for. It connects directly (its session options are startup
	// parameters, which PgBouncer does not pass on), to the replica when there is one.
	const longPool = longReadPool(directUrl, 'shop long reads')
	const replicaPool = replicaUrl ? longReadPool(replicaUrl, 'shop long reads (replica)', CONNECT_TIMEOUT_MS) : null
	const replica = replicaPool ? replicaReader(replicaPool) : null
	longReaders.set(db, { primary: drizzlePg({ client: longPool, schema }), replica })
	const listener = notificationListener(directUrl)
	return {
		db,
		kind: 'postgres',
		connections: () => ({ max: POOL_MAX, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
		replica: replica ? () => ({ state: replica.state(), fallbacks: replica.fallbacks() }) : undefined,
		replicaLag: replica ? () => replica.lagSeconds() : undefined,
		listen: listener.listen,
		onListenRestored: listener.onRestored,
		async close() {
			await listener.close()
			await replicaPool?.end()
			await longPool.end()
			await pool.end()
		},
	}
}

/**
 * One connection carries every LISTEN of this process. When it is lost, it reconnects with
 * backoff and listens again on every channel, so open live pages keep receiving updates; the
 * notifications sent while it was away are not replayed, so once it is back each `onRestored`
 * listener reads again what it shows (an order paid meanwhile reaches its open page).
 */
function notificationListener(url: string) {
	const handlers = new Map<string, Set<Listener>>()
	const restored = new Set<() => void>()
	let client: pg.Client | null = null
	let connecting: Promise<pg.Client> | null = null
	let retry: ReturnType<typeof setTimeout> | null = null
	let failures = 0
	let closed = false

	const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`
	// One query at a time on the connection: channels subscribed at once (at start) wait their turn.
	let queue: Promise<unknown> = Promise.resolve()
	const oneAtATime = <T>(run: () => Promise<T>): Promise<T> => {
		const next = queue.then(run, run)
		queue = next.catch(() => {})
		return next
	}

	function connect(): Promise<pg.Client> {
		if (client) return Promise.resolve(client)
		connecting ??= (async () => {
			const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, application_name: 'shop listen' })
			c.on('notification', (n) => {
				for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '')
			})
			c.on('error', (error) => {
				if (client === c) logger.warn({ err: error }, 'database: the LISTEN connection was lost; reconnecting')
				lost(c)
			})
			c.on('end', () => lost(c))
			try {
				await c.connect()
				for (const channel of handlers.keys()) await c.query(`LISTEN ${quoted(channel)}`)
			} catch (error) {
				await c.end().catch(() => {})
				throw error
			}
			if (closed) {
				await c.end().catch(() => {})
				throw new Error('The database is closed')
			}
			client = c
			failures = 0
			return c
		})().finally(() => {
			connecting = null
		})
		return connecting
	}

	function lost(c: pg.Client) {
		if (client !== c) return
		client = null
		reconnectLater()
	}

	function reconnectLater() {
		if (closed || retry || handlers.size === 0) return
		const delay = Math.min(250 * 2 ** failures, 10_000)
		failures++
		retry = setTimeout(() => {
			retry = null
			connect().then(
				() => {
					logger.info({ channels: [...handlers.keys()] }, 'database: the LISTEN connection is back')
					for (const listener of restored) {
						try {
							listener()
						} catch (error) {
							logger.warn({ err: error }, 'database: a listener failed to catch up after the LISTEN connection came back')
						}
					}
				},
				(error: unknown) => {
					logger.warn({ err: error, retryInMs: Math.min(250 * 2 ** failures, 10_000) }, 'database: cannot reconnect the LISTEN connection yet')
					reconnectLater()
				},
			)
		}, delay)
		retry.unref()
	}

	return {
		/** LISTEN on a channel; returns an unsubscribe function. */
		async listen(channel: string, onPayload: Listener) {
			let set = handlers.get(channel)
			if (!set) {
				set = new Set()
				handlers.set(channel, set)
				try {
					// LISTEN twice on one connection is harmless (a reconnect may have done it already).
					await oneAtATime(async () => (client ?? (await connect())).query(`LISTEN ${quoted(channel)}`))
				} catch (error) {
					handlers.delete(channel)
					throw error
				}
			}
			set.add(onPayload)
			const listeners = set
			return async () => {
				listeners.delete(onPayload)
			}
		},
		onRestored(listener: () => void) {
			restored.add(listener)
			return () => void restored.delete(listener)
		},
		async close() {
			closed = true
			if (retry) clearTimeout(retry)
			const c = client ?? (await connecting?.catch(() => null))
			client = null
			await c?.end().catch(() => {})
		},
	}
}

const state = singleton('database', () => ({ current: null as Database | null }))

export function setDatabase(database: Database | null) {
	state.current = database
}

export function database(): Database {
	if (!state.current) throw new Error('The database is not open yet')
	return state.current
}

export function db(): Db {
	return database().db
}
