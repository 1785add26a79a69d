import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'

export interface ShopTable {
	name: string
	columns: string[]
	/** The primary key's columns, in order; empty for a table without one. */
	key: string[]
}

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Sums the database keeps from the orders (drizzle/0051, 0053 and 0055, ADR-057): never in a backup, counted again
 * from the restored orders (`recountRollups`); restoring them beside the orders' own triggers would
 * count each order twice.
 */
export const ROLLUPS = new Set(['sales_days', 'sales_day_lines', 'orders_placed_days', 'sales_day_deltas', 'sales_day_line_deltas', 'orders_placed_day_deltas', 'delivery_time_days', 'delivery_time_day_deltas', 'refund_days', 'refund_day_deltas', 'customer_figures'])

/** Counts the rollups again from every order: after a restore. */
export async function recountRollups(db: Db | Tx): Promise<void> {
	await db.execute(sql`select recount_sales_days()`)
	await db.execute(sql`select recount_all_customer_figures()`)
}

/**
 * Every table of the shop's schema (the rollups left out) (read from the catalogue, so a new table is never missed), each
 * after the tables it points at: rows restored in this order satisfy every foreign key. A table's
 * own rows point at earlier ones (a renewal at its first order, a duplicate at its first unit), so
 * they are read and written in key order.
 */
export async function listShopTables(db: Db | Tx): Promise<ShopTable[]> {
	const { rows: columns } = await db.execute<{ table: string; column: string }>(sql`
		select c.relname as table, a.attname as column
		from pg_class c join pg_attribute a on a.attrelid = c.oid
		where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
		order by c.relname, a.attnum`)
	const { rows: keys } = await db.execute<{ table: string; column: string }>(sql`
		select c.relname as table, a.attname as column
		from pg_index i join pg_class c on c.oid = i.indrelid join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
		where i.indisprimary and c.relnamespace = 'public'::regnamespace
		order by c.relname, array_position(i.indkey::int2[], a.attnum)`)
	const { rows: links } = await db.execute<{ child: string; parent: string }>(sql`
		select ch.relname as child, pa.relname as parent
		from pg_constraint f join pg_class ch on ch.oid = f.conrelid join pg_class pa on pa.oid = f.confrelid
		where f.contype = 'f' and f.connamespace = 'public'::regnamespace and f.conrelid <> f.confrelid`)
	const tables = new Map<string, ShopTable>()
	for (const { table, column } of columns) {
		if (ROLLUPS.has(table)) continue
		const t = tables.get(table) ?? { name: table, columns: [], key: [] }
		t.columns.push(column)
		tables.set(table, t)
	}
	for (const { table, column } of keys) tables.get(table)?.key.push(column)
	const parents = new Map<string, Set<string>>()
	for (const { child, parent } of links) parents.set(child, (parents.get(child) ?? new Set()).add(parent))
	const ordered: ShopTable[] = []
	const placed = new Set<string>()
	const place = (name: string, path: Set<string>) => {
		if (placed.has(name) || path.has(name)) return
		path.add(name)
		for (const parent of [...(parents.get(name) ?? [])].sort()) place(parent, path)
		placed.add(name)
		ordered.push(tables.get(name)!)
	}
	for (const name of [...tables.keys()].sort()) place(name, new Set())
	return ordered
}
