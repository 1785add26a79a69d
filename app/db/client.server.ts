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
import { singleton } from '../utils/singleton.server'

// Both drivers speak the same dialect; the app codes against one type.
export type Db = NodePgDatabase<typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

type Listener = (payload: string) => void

export interface Database {
	db: Db
	kind: 'pglite' | 'postgres'
	/** LISTEN on a channel; returns an unsubscribe function. */
	listen(channel: string, onPayload: Listener): Promise<() => Promise<void>>
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

export async function openPglite(dataDir: string | null): Promise<Database> {
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
		client = new PGlite(folder, { extensions: { pg_trgm } })
	} else {
		client = new PGlite({ extensions: { pg_trgm } })
	}
	await client.waitReady
	const db = drizzlePglite({ client, schema }) as unknown as Db
	await migratePglite(db as never, { migrationsFolder })
	return {
		db,
		kind: 'pglite',
		async listen(channel, onPayload) {
			const unsub = await client.listen(channel, onPayload)
			return async () => unsub()
		},
		async close() {
			await client.close()
			await release?.()
		},
	}
}

export async function openPostgres(url: string): Promise<Database> {
	const pool = new pg.Pool({ connectionString: url, max: 10 })
	const db = drizzlePg({ client: pool, schema })
	await migratePg(db, { migrationsFolder })
	// One connection carries every LISTEN of this process.
	let listener: pg.Client | null = null
	const handlers = new Map<string, Set<Listener>>()
	async function listenerClient() {
		if (listener) return listener
		const c = new pg.Client({ connectionString: url })
		await c.connect()
		c.on('notification', (n) => {
			for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '')
		})
		c.on('error', () => {
			listener = null
		})
		listener = c
		return c
	}
	return {
		db,
		kind: 'postgres',
		async listen(channel, onPayload) {
			const c = await listenerClient()
			let set = handlers.get(channel)
			if (!set) {
				set = new Set()
				handlers.set(channel, set)
				await c.query(`LISTEN "${channel.replace(/"/g, '')}"`)
			}
			set.add(onPayload)
			return async () => {
				set.delete(onPayload)
			}
		},
		async close() {
			await listener?.end()
			await pool.end()
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
