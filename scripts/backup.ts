// A backup of the whole shop into one file, sealed with a passphrase (ADR-044, docs/backups.md):
//   BACKUP_PASSPHRASE=… npm run backup -- --out shop.backup      (or --passphrase-file FILE)
// Runs on the shop's own database (DATA_DIR or DATABASE_URL). On PGlite the server holds the data
// folder: stop it first, or download a backup from the console's Settings.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, parseEnv, useEnv } from '../app/utils/env.server'
import { backupPassphrase } from './backup-passphrase'

const USAGE = 'Usage: npm run backup -- --out FILE [--passphrase-file FILE]   (or set BACKUP_PASSPHRASE)'

function fail(message: string): never {
	console.error(message)
	process.exit(1)
}

let args
try {
	args = parseArgs({ options: { out: { type: 'string' }, 'passphrase-file': { type: 'string' } } })
} catch (error) {
	fail(`${(error as Error).message}\n${USAGE}`)
}
const out = args.values.out
if (!out) fail(`--out is required.\n${USAGE}`)
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
const { loadDeliveryKey } = await import('../app/domain/fulfillment/delivery-crypto.server')
const { writeBackup } = await import('../app/domain/backup/write-backup.server')
const { openDatabase } = await import('../server/open-database')

let database
try {
	database = await openDatabase(env)
} catch (error) {
	fail(error instanceof DataDirLockedError ? `${error.message} Or download a backup from the console: Settings, "Download a backup".` : `Could not open the database: ${(error as Error).message}`)
}
// Written beside its place and renamed when whole: a failed backup never leaves half a file under the name.
const target = path.resolve(out)
const partial = `${target}.partial`
try {
	const deliveryKey = loadDeliveryKey({ base64: env.DELIVERY_ENCRYPTION_KEY, dataDir: env.DATA_DIR })
	await writeBackup(database.db, { passphrase: sealed.passphrase, deliveryKey, dataDir: env.DATA_DIR, out: fs.createWriteStream(partial, { mode: 0o600 }) })
	fs.renameSync(partial, target)
	console.log(`Wrote a backup of the shop (${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}) to ${target}, ${fs.statSync(target).size} bytes. Keep its passphrase: without it the backup cannot be restored.`)
} catch (error) {
	fs.rmSync(partial, { force: true })
	console.error(`The backup failed: ${(error as Error).message}`)
	process.exitCode = 1
} finally {
	await database.close()
}
