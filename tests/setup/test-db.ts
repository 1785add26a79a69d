// The database fixture: one seeded database per kind is made ONCE (migrations and the catalogue seed)
// and copied wherever a test needs a database of its own (a worker's shared one, a shop server, a
// second process): PostgreSQL as `CREATE DATABASE … TEMPLATE`, PGlite as a copy of the data folder
// the run's global setup made (tests/setup/pglite-template.ts).
// Tests that share the worker's open database empty it between tests with resetData().
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import { openPglite, openPostgres, type Database, type Db } from '../../app/db/client.server'
import { seedDatabase } from '../../app/db/seed/seed.server'
import { catalogue } from '../../app/db/seed/catalogue'
import { setDeliveryKey } from '../../app/domain/fulfillment/delivery-crypto.server'
import { freshPostgresDatabase, postgresTemplate } from './postgres'

export type DatabaseKind = 'pglite' | 'postgres'

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. TEST_DATABASES=postgres (or pglite) runs
 * a developer's run on one of them only, e.g. to see a PostgreSQL failure sooner; CI runs both.
 */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASES ? chosenKinds(process.env.TEST_DATABASES) : ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])]

function chosenKinds(list: string): DatabaseKind[] {
	const kinds = list.split(',').map((k) => k.trim())
	for (const kind of kinds) if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DATABASES: "${kind}" is not pglite or postgres`)
	if (kinds.includes('postgres') && !process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASES names postgres: set TEST_DATABASE_URL too')
	return kinds as DatabaseKind[]
}

const open = new Map<DatabaseKind, Promise<Database>>()

// Delivery content is encrypted at rest; tests use a key of their own.
setDeliveryKey(crypto.randomBytes(32))

const postgresCopy = process.env.TEST_DATABASE_URL
	? postgresTemplate(process.env.TEST_DATABASE_URL, 'shop_template', async (url) => {
			const database = await openPostgres(url, { prepare: seedDatabase })
			await database.close()
		})
	: null

/** The run's seeded PGlite data folder (tests/setup/pglite-template.ts, a global setup): copies of it start without initdb, migrations or seed. */
function pgliteTemplateFolder(): string {
	const folder = inject('pgliteTemplate')
	if (!folder) throw new Error('no PGlite template: vitest.config.ts lost its global setup tests/setup/pglite-template.ts')
	return folder
}

/** A new data folder holding a copy of the template (DATA_DIR's layout: the database in its `pglite` folder). */
function copyOfPgliteTemplate(name: string): string {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`))
	fs.cpSync(pgliteTemplateFolder(), path.join(dataDir, 'pglite'), { recursive: true })
	return dataDir
}

/**
 * A database of its own, migrated and seeded, for a shop server or a process: for PostgreSQL its
 * URL (a copy named after `name`), for PGlite a new data folder holding a copy (DATA_DIR).
 */
export async function copyOfSeededDatabase(kind: DatabaseKind, name: string): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
	if (kind === 'postgres') return { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`)), databaseUrl: await postgresCopy!.copy(`shop_vitest_${name.replace(/\W/g, '_').toLowerCase()}`) }
	return { dataDir: copyOfPgliteTemplate(name), databaseUrl: undefined }
}

/** One seeded database per kind for the whole worker, shared by its files; call resetData() between tests (useTestDatabase does). */
export function testDatabase(kind: DatabaseKind): Promise<Database> {
	let pending = open.get(kind)
	if (!pending) {
		pending = (async () => {
			if (kind === 'pglite') {
				const dataDir = copyOfPgliteTemplate('worker')
				process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
				return openPglite(dataDir)
			}
			return openPostgres(await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest', { template: await postgresCopy!.name() }))
		})()
		open.set(kind, pending)
	}
	return pending
}

/** Tables the seed fills: emptied of what tests added, never truncated. */
const SEEDED_TABLES = new Set(['products', 'product_variants', 'game_library'])

/** One question per database: which tables hold rows and which of their id sequences moved since the last reset. */
const probes = new WeakMap<Db, Promise<SQL>>()

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (name: string) => `'${name.replace(/'/g, "''")}'`

/** Every table of the schema (read from the catalogue, so a new table can never be missed) but the seeded ones, with the sequences they own. */
async function probeOf(db: Db): Promise<SQL> {
	const { rows } = await db.execute<{ table: string; sequence: string | null; start: string | null }>(sql`
		select t.relname as table, s.relname as sequence, q.seqstart::text as start
		from pg_class t
		left join pg_depend d on d.refobjid = t.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
		left join pg_class s on s.oid = d.objid and s.relkind = 'S'
		left join pg_sequence q on q.seqrelid = s.oid
		where t.relnamespace = 'public'::regnamespace and t.relkind in ('r', 'p')
		order by t.relname, s.relname`)
	const tables = new Set(rows.map((r) => r.table).filter((name) => !SEEDED_TABLES.has(name)))
	const sequences = rows.filter((r) => r.sequence && tables.has(r.table))
	const seeded = catalogue.map((p) => Number(p.id)).join(', ')
	const questions = [
		...[...tables].map((t) => `select ${literal(`table:${t}`)} as dirty where exists (select 1 from ${quoted(t)})`),
		...sequences.map(({ sequence, start }) => `select ${literal(`sequence:${sequence}`)} as dirty where (select is_called or last_value <> ${BigInt(start!)} from ${quoted(sequence!)})`),
		`select 'seeded' as dirty where exists (select 1 from products where id not in (${seeded})) or exists (select 1 from product_variants where product_id not in (${seeded}))`,
	]
	return sql.raw(questions.join(' union all '))
}

/**
 * Empties what tests write, as `truncate … restart identity` of every table but the seeded ones
 * would, where the catalogue's products stay and products created in tests go. It first asks which
 * tables hold rows and which sequences moved (one cheap query), then deletes only those rows and
 * restarts only those sequences: a test writes a few tables, and truncating all of them after every
 * test was most of a data test's time. The rows go with foreign keys unchecked (every row of the
 * non-seeded tables goes, so none is left pointing at one gone), then test-made products go as before.
 */
export async function resetData(database: Database) {
	const { db } = database
	let probe = probes.get(db)
	if (!probe) {
		probe = probeOf(db)
		probes.set(db, probe)
	}
	const dirty = (await db.execute<{ dirty: string }>(await probe)).rows.map((r) => r.dirty)
	if (dirty.length === 0) return
	const seeded = sql.join(catalogue.map((p) => sql`${p.id}`), sql`, `)
	await db.transaction(async (tx) => {
		await tx.execute(sql`set local session_replication_role = replica`)
		for (const entry of dirty) {
			const [kind, name] = entry.split(':') as [string, string]
			if (kind === 'table') await tx.execute(sql.raw(`delete from ${quoted(name)}`))
			if (kind === 'sequence') await tx.execute(sql.raw(`alter sequence ${quoted(name)} restart`))
		}
		await tx.execute(sql`set local session_replication_role = origin`)
		if (dirty.includes('seeded')) {
			await tx.execute(sql`delete from product_variants where product_id not in (${seeded})`)
			await tx.execute(sql`delete from products where id not in (${seeded})`)
		}
	})
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
