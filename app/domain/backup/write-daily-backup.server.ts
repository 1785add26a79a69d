import fs from 'node:fs'
import path from 'node:path'
import type { Db } from '../../db/client.server'
import { pakistanDate } from '../../utils/pakistan-time'
import { logger } from '../../utils/logger.server'
import { writeBackup } from './write-backup.server'

/** The names the daily backup writes (and the only files it ever deletes): one a Pakistan day. */
const DAILY_NAME = /^shop-backup-(\d{4}-\d{2}-\d{2})\.backup$/

/**
 * Today's backup in `dir` (ADR-044), once a day: `shop-backup-<Pakistan day>.backup`, written beside
 * its name and renamed when whole. Then only the newest `keepDays` of the files it names so are kept;
 * nothing else in the folder is touched. Returns the file written, or null when today's was there.
 */
export async function writeDailyBackup(db: Db, { dir, keepDays, passphrase, deliveryKey, dataDir, now }: { dir: string; keepDays: number; passphrase: string; deliveryKey: Buffer; dataDir: string; now: Date }): Promise<string | null> {
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
	const file = path.join(dir, `shop-backup-${pakistanDate(now)}.backup`)
	let written: string | null = null
	if (!fs.existsSync(file)) {
		const partial = `${file}.partial`
		try {
			await writeBackup(db, { passphrase, deliveryKey, dataDir, out: fs.createWriteStream(partial, { mode: 0o600 }) })
			fs.renameSync(partial, file)
			written = file
		} finally {
			fs.rmSync(partial, { force: true })
		}
	}
	const daily = fs
		.readdirSync(dir)
		.filter((name) => DAILY_NAME.test(name))
		.sort()
		.reverse()
	for (const old of daily.slice(keepDays)) {
		fs.rmSync(path.join(dir, old), { force: true })
		logger.info({ file: old, keepDays }, 'backup: deleted a daily backup older than BACKUP_KEEP_DAYS')
	}
	return written
}
