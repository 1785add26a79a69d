import { sql } from 'drizzle-orm'
import { openPglite, openPostgres, type Database } from '../../app/db/client.server'
import { seedDatabase } from '../../app/db/seed/seed.server'
import { catalogue } from '../../app/db/seed/catalogue'
import crypto from 'node:crypto'
import { setDeliveryKey } from '../../app/domain/fulfillment/delivery-crypto.server'
import { freshPostgresDatabase } from './postgres'

export type DatabaseKind = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])]

const open = new Map<DatabaseKind, Promise<Database>>()

// Delivery content is encrypted at rest; tests use a key of their own.
setDeliveryKey(crypto.randomBytes(32))

/** One seeded database per kind for the whole run; call resetData() between tests. */
export function testDatabase(kind: DatabaseKind): Promise<Database> {
	let pending = open.get(kind)
	if (!pending) {
		pending = (async () => {
			const database =
				kind === 'pglite'
					? await openPglite(null)
					: await openPostgres(await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest'))
			await seedDatabase(database.db)
			return database
		})()
		open.set(kind, pending)
	}
	return pending
}

/** Empties what tests write; the seeded catalogue stays, and products created in tests go. */
export async function resetData(database: Database) {
	const seeded = sql.join(catalogue.map((p) => sql`${p.id}`), sql`, `)
	// One statement: tables that refer to each other (foreign keys) are emptied together.
	await database.db.execute(sql`truncate media, stock_units, stock_assignments, files, file_chunks, reviews, contact_messages, orders, order_lines, rate_limits, jobs, email_outbox, paypro_sim_orders, staff_users, staff_sessions, staff_devices, staff_pending_sign_ins, staff_recovery_codes, store_settings, api_keys, audit_log, buyer_sign_ins, buyer_sessions, email_unsubscribes restart identity`)
	// After the orders: a product that order lines name cannot be deleted (order_lines restrict it).
	await database.db.execute(sql`delete from product_variants where product_id not in (${seeded})`)
	await database.db.execute(sql`delete from products where id not in (${seeded})`)
}
