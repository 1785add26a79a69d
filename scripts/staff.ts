// Staff accounts from the command line, on the same database as the server:
//   npm run staff -- create --email a@b.pk --name "Sara" [--role owner|staff]
//   npm run staff -- reset-password --email a@b.pk
//   npm run staff -- reset-2fa --email a@b.pk      (a lost phone: two-factor sign-in off, signed out everywhere)
// The generated password is printed once; only its hash is stored.
import { parseArgs } from 'node:util'
import { ConfigError, parseEnv, useEnv } from '../app/utils/env.server'

const USAGE = [
	'Usage:',
	'  npm run staff -- create --email a@b.pk --name "Sara" [--role owner|staff]',
	'  npm run staff -- reset-password --email a@b.pk',
	'  npm run staff -- reset-2fa --email a@b.pk',
].join('\n')

function fail(message: string): never {
	console.error(message)
	process.exit(1)
}

let args: ReturnType<typeof parse>
function parse() {
	return parseArgs({ allowPositionals: true, options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'staff' } } })
}
try {
	args = parse()
} catch (error) {
	fail(`${(error as Error).message}\n${USAGE}`)
}
const [command] = args.positionals
const { email, name, role } = args.values
if (command !== 'create' && command !== 'reset-password' && command !== 'reset-2fa') fail(USAGE)
if (!email) fail(`--email is required.\n${USAGE}`)
if (command === 'create' && !name) fail(`--name is required.\n${USAGE}`)
if (role !== 'owner' && role !== 'staff') fail('--role must be owner or staff.')

let env
try {
	env = parseEnv()
} catch (error) {
	fail(error instanceof ConfigError ? error.message : String(error))
}
useEnv(env)
// The server's request and start-up lines would bury the password.
process.env.LOG_LEVEL ??= 'warn'

const { DataDirLockedError } = await import('../app/db/client.server')
const { AppError } = await import('../app/utils/app-error')
const { recordAudit } = await import('../app/domain/staff/audit.server')
const { createStaff, resetPassword } = await import('../app/domain/staff/manage-staff.server')
const { resetTwoFactor } = await import('../app/domain/staff/reset-two-factor.server')
const { openDatabase } = await import('../server/open-database')

let database
try {
	database = await openDatabase(env)
} catch (error) {
	// PGlite serves one process: the running server holds the data folder.
	fail(error instanceof DataDirLockedError ? error.message : `Could not open the database: ${(error as Error).message}`)
}

const actor = { label: 'staff command' }
try {
	if (command === 'create') {
		const created = await database.db.transaction(async (tx) => {
			const row = await createStaff(tx, { email, name: name!, role })
			await recordAudit(tx, actor, { action: 'staff.create', after: { staffId: row.id, email: row.email, name: name!.trim(), role: row.role } })
			return row
		})
		console.log(`Created the ${created.role} account ${created.email}.`)
		console.log(`Password (shown once): ${created.password}`)
	} else if (command === 'reset-2fa') {
		const reset = await database.db.transaction(async (tx) => {
			const row = await resetTwoFactor(tx, email)
			await recordAudit(tx, actor, { action: 'staff.2fa.reset', after: { staffId: row.id, email: row.email } })
			return row
		})
		console.log(`Turned off two-factor sign-in for ${reset.email} and signed it out everywhere; its recovery codes no longer work.`)
		console.log('They can sign in with their password and set up two-factor sign-in again on the Security page.')
	} else {
		const password = await database.db.transaction(async (tx) => {
			const next = await resetPassword(tx, email)
			await recordAudit(tx, actor, { action: 'staff.reset-password', after: { email: email.trim().toLowerCase() } })
			return next
		})
		console.log(`Reset the password of ${email.trim().toLowerCase()}; its sessions are signed out.`)
		console.log(`New password (shown once): ${password}`)
	}
	console.log(`Sign in at ${(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')}/admin/login`)
} catch (error) {
	await database.close()
	fail(error instanceof AppError ? error.message : String(error))
}
await database.close()
