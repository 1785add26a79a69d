import { knownMigrations } from '../../db/client.server'
import { BackupRefusal, openBackupKey, readBackupBody, readBackupHeader, type BackupHeader } from './backup-file.server'

export interface CheckedBackup {
	file: string
	header: BackupHeader
	bodyStart: number
	size: number
	key: Buffer
	/** The shop's delivery key, read from the backup's first line. */
	deliveryKey: Buffer
	/** What the backup holds, counted from its own end line. */
	rows: number
	files: number
}

const damaged = (file: string, why: string) => new BackupRefusal(`The backup ${file} is damaged or incomplete (${why}): nothing was restored.`)

/**
 * Reads the backup in `file` through before anything is written (ADR-044): a file that is no backup,
 * a schema newer than this code's migrations, a wrong passphrase or a changed or cut-off byte is
 * refused with a sentence, and the target database is never opened.
 */
export async function checkBackup(file: string, passphrase: string): Promise<CheckedBackup> {
	const { header, bodyStart, size } = await readBackupHeader(file)
	const migrations = knownMigrations()
	const latest = migrations[migrations.length - 1]!
	if (header.schemaWhen > latest.when || !migrations.some((m) => m.tag === header.schema)) {
		throw new BackupRefusal(`This backup comes from a newer version of the shop (its schema is ${header.schema}; this copy of the shop knows up to ${latest.tag}): update the shop to the version that made it, then restore.`)
	}
	const key = await openBackupKey(header, passphrase)
	let deliveryKey: Buffer | null = null
	let end: { rows: number; files: number } | null = null
	let rows = 0
	try {
		await readBackupBody(file, { header, bodyStart, size }, key, (line) => {
			if (end) throw new Error('lines after its end')
			const value = JSON.parse(line) as unknown
			if (!deliveryKey) {
				const shop = Array.isArray(value) && value[0] === 'shop' ? (value[1] as { deliveryKey?: unknown }) : null
				const key = typeof shop?.deliveryKey === 'string' ? Buffer.from(shop.deliveryKey, 'base64') : null
				if (key?.length !== 32) throw new Error('it does not start with the shop and its delivery key')
				deliveryKey = key
				return
			}
			if (!Array.isArray(value)) rows++
			else if (value[0] === 'end') end = value[1] as { rows: number; files: number }
		})
	} catch (error) {
		const why = error instanceof Error ? error.message : String(error)
		// GCM's own words for a changed or cut-off byte.
		throw damaged(file, /authenticate/.test(why) ? 'its bytes are not the ones written' : why)
	}
	if (!end || !deliveryKey) throw damaged(file, 'it has no end')
	const counted = end as { rows: number; files: number }
	if (counted.rows !== rows) throw damaged(file, `it says ${counted.rows} rows and holds ${rows}`)
	return { file, header, bodyStart, size, key, deliveryKey: deliveryKey as Buffer, rows, files: counted.files }
}
