import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Db } from '../../db/client.server'
import { pakistanDate } from '../../utils/pakistan-time'
import { recordAudit, type Actor } from '../staff/audit.server'
import { requireOwner } from '../staff/permissions'
import { writeBackup } from './write-backup.server'

/**
 * The owner's backup from the console (ADR-044), written whole to a private temporary file first:
 * the snapshot's transaction (on PGlite, the shop's one connection) is held for the seconds it takes
 * to write, never for as long as a slow download. Audited as `backup.download` once it is written.
 * The caller streams the file and calls `discard` when done.
 */
export async function prepareBackupDownload(db: Db, actor: Actor, { passphrase, sealedWith, deliveryKey, dataDir, now }: { passphrase: string; sealedWith: 'typed' | 'BACKUP_PASSPHRASE'; deliveryKey: Buffer; dataDir: string; now: Date }) {
	requireOwner(actor)
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'))
	const discard = () => fs.rmSync(folder, { recursive: true, force: true })
	const file = path.join(folder, 'backup')
	try {
		await writeBackup(db, { passphrase, deliveryKey, dataDir, out: fs.createWriteStream(file, { mode: 0o600 }) })
		const size = fs.statSync(file).size
		await recordAudit(db, actor, { action: 'backup.download', target: 'the whole shop', after: { bytes: size, sealedWith } })
		return { file, size, name: `shop-backup-${pakistanDate(now)}.backup`, discard }
	} catch (error) {
		discard()
		throw error
	}
}
