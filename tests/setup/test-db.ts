// The database fixture: every Vitest worker builds one database per kind ONCE (migrations and the
// catalogue seed) and copies it wherever a test needs a database of its own (a shop server, a
// second process): PostgreSQL as `CREATE DATABASE … TEMPLATE`, PGlite as a copy of its data folder.
// Tests that share the worker's open database empty it between tests with resetData().
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { openPglite, openPostgres, type Database, type Db } from '../../app/db/client.server'
import { seedDatabase } from '../../app/db/seed/seed.server'
import { catalogue } from '../../app/db/seed/catalogue'
import { setDeliveryKey } from '../../app/domain/fulfillment/delivery-crypto.server'
import { freshPostgresDatabase, postgresTemplate } from './postgres'

export type DatabaseKind = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])]

const open = new Map<DatabaseKind, Promise<Database>>()

// Delivery content is encrypted at rest; tests use a key of their own.
setDeliveryKey(crypto.randomBytes(32))

const postgresCopy = process.env.TEST_DATABASE_URL
	? postgresTemplate(process.env.TEST_DATABASE_URL, 'shop_template', async (url) => {
			const database = await openPostgres(url, { prepare: seedDatabase })
			await database.close()
		})
	: null

let pgliteTemplate: Promise<string> | null = null

/** This worker's seeded PGlite data folder, built on first use; copies of it start without initdb, migrations or seed. */
function pgliteTemplateFolder(): Promise<string> {
	pgliteTemplate ??= (async () => {
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-template-'))
		const database = await openPglite(dataDir, { prepare: seedDatabase })
		await database.close()
		process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
		return path.join(dataDir, 'pglite')
	})()
	return pgliteTemplate
}

/**
 * A database of its own, migrated and seeded, for a shop server or a process: for PostgreSQL its
 * URL (a copy named after `name`), for PGlite a new data folder holding a copy (DATA_DIR).
 */
export async function copyOfSeededDatabase(kind: DatabaseKind, name: string): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`))
	if (kind === 'postgres') return { dataDir, databaseUrl: await postgresCopy!.copy(`shop_vitest_${name.replace(/\W/g, '_').toLowerCase()}`) }
	fs.cpSync(await pgliteTemplateFolder(), path.join(dataDir, 'pglite'), { recursive: true })
	return { dataDir, databaseUrl: undefined }
}

/** One seeded database per kind for the whole worker, shared by its files; call resetData() between tests (useTestDatabase does). */
export function testDatabase(kind: DatabaseKind): Promise<Database> {
	let pending = open.get(kind)
	if (!pending) {
		pending = (async () => {
			if (kind === 'pglite') {
				const database = await openPglite(null)
				await seedDatabase(database.db)
				return database
			}
			return openPostgres(await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest', { template: await postgresCopy!.name() }))
		})()
		open.set(kind, pending)
	}
	return pending
}

/** Tables the seed fills: emptied of what tests added, never truncated. */
const SEEDED_TABLES = new Set(['products', 'product_variants', 'game_library'])

const tablesToEmpty = new WeakMap<Db, Promise<string[]>>()

/**
 * Empties what tests write: every table of the schema (read from the catalogue, so a new table can
 * never be missed) except the seeded ones, where the catalogue's products stay and products created
 * in tests go.
 */
export async function resetData(database: Database) {
	const { db } = database
	let tables = tablesToEmpty.get(db)
	if (!tables) {
		tables = db
			.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)
			.then(({ rows }) => rows.map((r) => r.name).filter((name) => !SEEDED_TABLES.has(name)))
		tablesToEmpty.set(db, tables)
	}
	const seeded = sql.join(catalogue.map((p) => sql`${p.id}`), sql`, `)
	await db.execute(sql.raw(`truncate ${(await tables).map((t) => `"${t}"`).join(', ')} restart identity`))
	await db.execute(sql`delete from product_variants where product_id not in (${seeded})`)
	await db.execute(sql`delete from products where id not in (${seeded})`)
}

/**
 * The worker's shared database of this kind for the tests of one block, emptied before the first
 * and after each test. Read `.database` / `.db` inside hooks and tests.
 */
export function useTestDatabase(kind: DatabaseKind) {
	let database: Database | null = null
	beforeAll(async () => {
		database = await testDatabase(kind)
		await resetData(database)
	})
	afterEach(async () => {
		if (database) await resetData(database)
	})
	afterAll(() => {
		database = null
	})
	return {
		get database(): Database {
			if (!database) throw new Error('the test database is open inside hooks and tests only')
			return database
		},
		get db(): Db {
			return this.database.db
		},
	}
}
