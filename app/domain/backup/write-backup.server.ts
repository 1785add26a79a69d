import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { sql, type SQL } from 'drizzle-orm'
import { knownMigrations, type Db, type Tx } from '../../db/client.server'
import { sealBackup } from './backup-file.server'
import { listShopTables, quoted, type ShopTable } from './shop-tables.server'

/** Rows read at a time; fewer for a table of file bytes (256 KB a row), so memory stays bounded. */
const BATCH_ROWS = 500
const BATCH_ROWS_OF_BYTES = 8
/** Bytes of a file on disk per line. */
const DISK_PART = 192 * 1024

/** The rows of one table, a batch at a time, in key order: each batch starts after the last row of the one before. */
async function* rowsOf(tx: Tx, table: ShopTable, batchRows: number): AsyncGenerator<string[]> {
	const keys = table.key.map(quoted)
	const from = sql.raw(`select row_to_json(t)::text as row from ${quoted(table.name)} t`)
	const order = sql.raw(`order by ${(keys.length ? keys : table.columns.map(quoted)).join(', ')} limit ${batchRows}`)
	// The next batch: keys past the last row read (that row's JSON read back as a row of the table).
	const past = (row: string) =>
		sql`where (${sql.raw(keys.map((k) => `t.${k}`).join(', '))}) > (select ${sql.raw(keys.map((k) => `r.${k}`).join(', '))} from json_populate_record(null::${sql.raw(quoted(table.name))}, ${row}::json) r)`
	let last: string | null = null
	let offset = 0
	for (;;) {
		// A table without a key (none today) is read by offset, still in the one snapshot.
		const query: SQL = !keys.length ? sql`${from} ${order} offset ${offset}` : last == null ? sql`${from} ${order}` : sql`${from} ${past(last)} ${order}`
		const { rows } = await tx.execute<{ row: string }>(query)
		if (rows.length === 0) return
		yield rows.map((r) => r.row)
		if (rows.length < batchRows) return
		last = rows[rows.length - 1]!.row
		offset += rows.length
	}
}

/** Files still kept under DATA_DIR/uploads (receipts from before the file store: ADR-019), by their path under DATA_DIR. */
async function filesOnDisk(dataDir: string): Promise<string[]> {
	const root = path.resolve(dataDir, 'uploads')
	const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
	return entries
		.filter((e) => e.isFile())
		.map((e) => path.relative(path.resolve(dataDir), path.join(e.parentPath, e.name)).split(path.sep).join('/'))
		.sort()
}

/** The body's lines: the delivery key first, then each table's rows, its sequences, the files on disk, and an end that counts them. */
async function* bodyLines(tx: Tx, { deliveryKey, dataDir, schema }: { deliveryKey: Buffer; dataDir: string | null; schema: string }): AsyncGenerator<string> {
	const tables = await listShopTables(tx)
	yield JSON.stringify(['shop', { schema, deliveryKey: deliveryKey.toString('base64'), tables: tables.map((t) => t.name) }]) + '\n'
	let rows = 0
	for (const table of tables) {
		yield JSON.stringify(['table', table.name, table.columns]) + '\n'
		const batch = table.columns.includes('bytes') ? BATCH_ROWS_OF_BYTES : BATCH_ROWS
		for await (const lines of rowsOf(tx, table, batch)) {
			rows += lines.length
			yield lines.join('\n') + '\n'
		}
	}
	const { rows: sequences } = await tx.execute<{ name: string }>(sql`select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace order by relname`)
	for (const { name } of sequences) {
		const { rows: at } = await tx.execute<{ last: string; called: boolean }>(sql.raw(`select last_value::text as last, is_called as called from ${quoted(name)}`))
		yield JSON.stringify(['sequence', name, at[0]!.last, at[0]!.called]) + '\n'
	}
	let files = 0
	if (dataDir) {
		for (const file of await filesOnDisk(dataDir)) {
			const handle = await fs.open(path.resolve(dataDir, file), 'r')
			try {
				const part = Buffer.alloc(DISK_PART)
				yield JSON.stringify(['file', file]) + '\n'
				for (;;) {
					const { bytesRead } = await handle.read(part, 0, DISK_PART)
					if (bytesRead === 0) break
					yield JSON.stringify(['bytes', part.subarray(0, bytesRead).toString('base64')]) + '\n'
				}
				files++
			} finally {
				await handle.close()
			}
		}
	}
	yield JSON.stringify(['end', { rows, files }]) + '\n'
}

/**
 * Writes a backup of the whole shop to `out`, sealed with `passphrase` (ADR-044): every table's
 * rows as one consistent snapshot, the delivery key (so delivered codes read after a restore), and
 * the files still under DATA_DIR/uploads. Rows stream a batch at a time; nothing is held whole.
 */
export async function writeBackup(db: Db, { passphrase, deliveryKey, dataDir, out }: { passphrase: string; deliveryKey: Buffer; dataDir: string | null; out: Writable }) {
	const migrations = knownMigrations()
	const schema = migrations[migrations.length - 1]!
	const { header, key } = await sealBackup(passphrase, schema)
	const cipher = crypto.createCipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'))
	// One snapshot: every table as it was at one moment, while the shop goes on writing.
	await db.transaction(
		async (tx) => {
			await pipeline(
				async function* () {
					yield* bodyLines(tx, { deliveryKey, dataDir, schema: schema.tag })
				},
				createGzip(),
				async function* (gzipped: AsyncIterable<Buffer>) {
					yield Buffer.from(JSON.stringify(header) + '\n')
					for await (const chunk of gzipped) yield cipher.update(chunk)
					yield cipher.final()
					yield cipher.getAuthTag()
				},
				out,
			)
		},
		{ isolationLevel: 'repeatable read', accessMode: 'read only' },
	)
}
