import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { BackupRefusal, readBackupBody } from './backup-file.server'
import type { CheckedBackup } from './check-backup.server'
import { listShopTables, quoted, recountRollups } from './shop-tables.server'

/** Rows (or characters of them) written by one statement. */
const BATCH_ROWS = 500
const BATCH_CHARS = 4 * 1024 * 1024

type Line = ['shop', unknown] | ['table', string, string[]] | ['sequence', string, string, boolean] | ['file', string] | ['bytes', string] | ['end', unknown]

/**
 * Puts a checked backup (`checkBackup`) into an empty shop database (ADR-044): one that holds no
 * orders and no stock. In one transaction its rows (the fresh seed's too) give way to the backup's,
 * table by table in the order foreign keys need, and its sequences go on from where the backup's
 * were. The files it kept on disk go back under DATA_DIR/uploads; the delivery key goes to
 * DATA_DIR/delivery.key unless DELIVERY_ENCRYPTION_KEY is set, and must then be the same key.
 */
export async function restoreBackup(db: Db, backup: CheckedBackup, { dataDir, configuredKey }: { dataDir: string; configuredKey?: Buffer }) {
	const key = backup.deliveryKey
	if (configuredKey && !configuredKey.equals(key)) {
		throw new BackupRefusal(
			'DELIVERY_ENCRYPTION_KEY is not the key this backup was made with, so its delivered codes could not be read: nothing was restored. ' +
				'Unset DELIVERY_ENCRYPTION_KEY (the restore then writes the key to DATA_DIR/delivery.key), or set it to the old shop\'s key.',
		)
	}
	const uploads = path.resolve(dataDir, 'uploads')
	const restoredFiles: string[] = []
	const counts = await db.transaction(async (tx) => {
		const { rows: held } = await tx.execute<{ held: boolean }>(sql`select exists (select 1 from orders) or exists (select 1 from stock_units) as held`)
		if (held[0]?.held) {
			throw new BackupRefusal('This database already holds orders or stock: nothing was restored. Restore into an empty database: a new DATA_DIR, or a new PostgreSQL database in DATABASE_URL.')
		}
		const tables = new Map((await listShopTables(tx)).map((t) => [t.name, t]))
		await tx.execute(sql.raw(`truncate ${[...tables.keys()].map(quoted).join(', ')}`))
		const { rows: sequences } = await tx.execute<{ name: string }>(sql`select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace`)
		const knownSequences = new Set(sequences.map((s) => s.name))

		let table: { name: string; columns: string[] } | null = null
		let batch: string[] = []
		let chars = 0
		let rows = 0
		let file: fs.promises.FileHandle | null = null
		const flush = async () => {
			if (!table || batch.length === 0) return
			const columns = table.columns.map(quoted).join(', ')
			await tx.execute(sql`insert into ${sql.raw(quoted(table.name))} (${sql.raw(columns)}) select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(quoted(table.name))}, ${`[${batch.join(',')}]`}::json)`)
			rows += batch.length
			batch = []
			chars = 0
		}
		const closeFile = async () => {
			await file?.close()
			file = null
		}
		await readBackupBody(backup.file, backup, backup.key, async (line) => {
			if (line.startsWith('{')) {
				// A row of the current table; a table this schema no longer has is left out.
				if (!table) return
				batch.push(line)
				chars += line.length
				if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush()
				return
			}
			const value = JSON.parse(line) as Line
			switch (value[0]) {
				case 'table': {
					await flush()
					const target = tables.get(value[1])
					// Columns added since the backup take their defaults.
					table = target ? { name: target.name, columns: value[2].filter((c) => target.columns.includes(c)) } : null
					return
				}
				case 'sequence':
					await flush()
					if (knownSequences.has(value[1])) await restartSequence(tx, value[1], value[2], value[3])
					return
				case 'file': {
					await flush()
					await closeFile()
					const name = value[1]
					const target = path.resolve(dataDir, name)
					// Only files under uploads/, by a path this shop wrote.
					if (!/^uploads\/[\w./-]+$/.test(name) || name.includes('..') || !target.startsWith(uploads + path.sep)) return
					fs.mkdirSync(path.dirname(target), { recursive: true })
					file = await fs.promises.open(target, 'w', 0o600)
					restoredFiles.push(target)
					return
				}
				case 'bytes':
					await file?.write(Buffer.from(value[1], 'base64'))
					return
				case 'end':
					await flush()
					await closeFile()
					return
			}
		}).finally(closeFile)
		// The orders' triggers added each restored order to the rollups as it came; counted once more from the whole.
		await recountRollups(tx)
		return { rows, files: restoredFiles.length }
	}).catch((error: unknown) => {
		for (const written of restoredFiles) fs.rmSync(written, { force: true })
		throw error
	})
	if (!configuredKey) writeDeliveryKey(dataDir, key)
	return counts
}

async function restartSequence(tx: Tx, name: string, last: string, called: boolean) {
	await tx.execute(sql`select setval(${quoted(name)}::regclass, ${last}::bigint, ${called})`)
}

/** The backup's delivery key where the shop loads it from; a different key already there is kept beside it, never lost. */
function writeDeliveryKey(dataDir: string, key: Buffer) {
	const file = path.resolve(dataDir, 'delivery.key')
	fs.mkdirSync(path.dirname(file), { recursive: true })
	if (fs.existsSync(file)) {
		const current = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')
		if (current.equals(key)) return
		fs.renameSync(file, `${file}.before-restore-${Date.now()}`)
	}
	fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' })
}
