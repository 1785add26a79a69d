import { is, sql, SQL, type Placeholder } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import { singleton } from '../utils/singleton.server'
import { namesStatements, type Db, type Tx } from './client.server'

// The statements a checkout runs hundreds of times a second are built once per database and shape,
// as drizzle prepared queries (a named statement on PostgreSQL, parsed once per connection), then
// executed with their values: building a statement from its builder each time cost more of the
// shop's CPU than anything else of a checkout's. A transaction builds its statements as usual: a
// prepared query runs on the database's own connections, outside the transaction.

// One per process: the server bundle and the host (the PayPro simulator) share the database's
// connections, where a statement's name must mean one statement.
const kept = singleton('prepared statements', () => ({ byDatabase: new WeakMap<Db, Map<string, unknown>>(), names: 0 }))

/**
 * The statement `build` makes on `db`, ready to execute with its placeholders' values. On the
 * database itself it is built once per `shape` (which names everything that changes the statement's
 * text, never a value) and kept; in a transaction it is built each time, as an unnamed statement of
 * the transaction (a kept one would run on another connection, outside it). Behind a pooler in
 * transaction mode every statement is unnamed (ADR-059).
 */
export function prepared<P>(db: Db | Tx, shape: string, build: (db: Db | Tx) => { prepare(name: string): P }): P {
	if (db instanceof PgTransaction) return build(db).prepare('')
	let statements = kept.byDatabase.get(db)
	if (!statements) kept.byDatabase.set(db, (statements = new Map()))
	let statement = statements.get(shape) as P | undefined
	if (statement === undefined) {
		// Through PgBouncer in transaction mode (DATABASE_POOLER=transaction) the next statement may run on
		// another server connection, where a name parsed on this one does not exist: it is kept built, and sent unnamed.
		statement = build(db).prepare(namesStatements(db) ? `shop_${++kept.names}` : '')
		statements.set(shape, statement)
	}
	return statement
}

/**
 * Values for a prepared insert: each plain value becomes a placeholder named `prefix` + its key, and
 * its value goes to `params`; a SQL value (a database expression, always the same one for its key)
 * stays in the statement. Answers the row to insert and the part of the shape these values decide.
 */
export function placeholders<T extends Record<string, unknown>>(
	values: T,
	prefix: string,
	params: Record<string, unknown>,
): { row: { [K in keyof T]: T[K] | Placeholder }; shape: string } {
	const row: Record<string, unknown> = {}
	const shape: string[] = []
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined) continue
		if (is(value, SQL)) {
			row[key] = value
			shape.push(`${key}=sql`)
		} else {
			row[key] = sql.placeholder(prefix + key)
			params[prefix + key] = value
			shape.push(key)
		}
	}
	return { row: row as { [K in keyof T]: T[K] | Placeholder }, shape: shape.join(',') }
}
