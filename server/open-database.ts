// Opening the shop's database, shared by the server and the command-line tools (backup, restore,
// staff): a module of its own, so a tool loads the database code without the whole server.
import { openPglite, openPostgres, type Database, type Db, type Prepare } from '../app/db/client.server'
import { seedDatabase } from '../app/db/seed/seed.server'
import type { Env } from '../app/utils/env.server'

/**
 * Opens the database: migrations, the seed, then `prepare` (the owner account). On PostgreSQL all
 * of it runs under one advisory lock, so instances started together take turns.
 */
export async function openDatabase(env: Env, prepare?: Prepare): Promise<Database> {
	const seedAndPrepare = async (db: Db) => {
		await seedDatabase(db)
		await prepare?.(db)
	}
	return env.DATABASE_URL
		? openPostgres(env.DATABASE_URL, { prepare: seedAndPrepare, ...postgresRoutes(env) })
		: openPglite(env.DATA_DIR, { prepare: seedAndPrepare })
}

/** Where DATABASE_URL's sessions, long reads and statements go beside it (ADR-059). */
function postgresRoutes(env: Env) {
	return { directUrl: env.DATABASE_DIRECT_URL, replicaUrl: env.DATABASE_REPLICA_URL, pooler: env.DATABASE_POOLER }
}
