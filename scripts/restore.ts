// Puts a backup (`npm run backup`, the daily one, the console's download) into an EMPTY database
// (ADR-044, docs/backups.md):
//   BACKUP_PASSPHRASE=… npm run restore -- shop.backup      (or --passphrase-file FILE)
// The target is DATA_DIR or DATABASE_URL, as for the server; the server must not be running on it.
import { parseArgs } from 'node:util'
import { ConfigError, parseEnv, useEnv } from '../app/utils/env.server'
import { backupPassphrase } from './backup-passphrase'

const USAGE = 'Usage: npm run restore -- FILE [--passphrase-file FILE]   (or set BACKUP_PASSPHRASE)'

function fail(message: string): never {
	console.error(message)
	process.exit(1)
}

let args
try {
	args = parseArgs({ allowPositionals: true, options: { 'passphrase-file': { type: 'string' } } })
} catch (error) {
	fail(`${(error as Error).message}\n${USAGE}`)
}
const [file, ...extra] = args.positionals
if (!file || extra.length) fail(USAGE)
let env
try {
	env = parseEnv()
} catch (error) {
	fail(error instanceof ConfigError ? error.message : String(error))
}
useEnv(env)
process.env.LOG_LEVEL ??= 'warn'
const sealed = backupPassphrase(args.values['passphrase-file'], env.BACKUP_PASSPHRASE)
if ('refusal' in sealed) fail(sealed.refusal)

const { DataDirLockedError } = await import('../app/db/client.server')
const { BackupRefusal } = await import('../app/domain/backup/backup-file.server')
const { checkBackup } = await import('../app/domain/backup/check-backup.server')
const { restoreBackup } = await import('../app/domain/backup/restore-backup.server')
const { openDatabase } = await import('../server/open-database')

// The whole file is read and checked before the database is opened.
let backup
try {
	backup = await checkBackup(file, sealed.passphrase)
} catch (error) {
	fail(error instanceof BackupRefusal ? error.message : `Could not read the backup: ${(error as Error).message}`)
}
let database
try {
	database = await openDatabase(env)
} catch (error) {
	fail(error instanceof DataDirLockedError ? `${error.message} Stop the shop before restoring into its database.` : `Could not open the database: ${(error as Error).message}`)
}
try {
	const configuredKey = env.DELIVERY_ENCRYPTION_KEY ? Buffer.from(env.DELIVERY_ENCRYPTION_KEY, 'base64') : undefined
	const restored = await restoreBackup(database.db, backup, { dataDir: env.DATA_DIR, configuredKey })
	console.log(`Restored the backup of ${backup.header.createdAt} into the ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database: ${restored.rows} rows${restored.files ? ` and ${restored.files} files under DATA_DIR/uploads` : ''}. Start the shop.`)
} catch (error) {
	console.error(error instanceof BackupRefusal ? error.message : `The restore failed, and nothing was restored: ${(error as Error).message}`)
	process.exitCode = 1
} finally {
	await database.close()
}
