// PgBouncer in transaction mode as a process of the test's own (a generated ini, its own port and
// folder), in front of a PostgreSQL server: for the tests of a shop behind a pooler (ADR-059).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { freePort } from './own-postgres'

/** Debian's package puts it here (apt-get install pgbouncer); CI installs it (.ci/run). */
export const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer'

export interface PgBouncer {
	port: number
	/** The address of `database` through the pooler. */
	url(database: string): string
	/** Its admin console (SHOW STATS, SHOW POOLS). */
	adminUrl: string
	stop(): Promise<void>
}

const waitForPort = async (port: number, timeoutMs: number) => {
	const until = Date.now() + timeoutMs
	for (;;) {
		const open = await new Promise<boolean>((resolve) => {
			const socket = net.connect(port, '127.0.0.1')
			socket.once('connect', () => (socket.destroy(), resolve(true)))
			socket.once('error', () => resolve(false))
		})
		if (open) return
		if (Date.now() > until) throw new Error(`PgBouncer did not listen on ${port} within ${timeoutMs} ms`)
		await new Promise((r) => setTimeout(r, 50))
	}
}

/**
 * Starts PgBouncer in transaction mode before `server` (host:port): every database name is passed
 * through, and `pinned` names get one server connection only (so two clients always share it).
 * Trust authentication: any user listed is let in, as the shared server lets them in.
 */
export async function startPgBouncer({ server, pinned = {} }: { server: { host: string; port: number }; pinned?: Record<string, string> }): Promise<PgBouncer> {
	if (!fs.existsSync(PGBOUNCER)) {
		throw new Error(`PgBouncer is not installed at ${PGBOUNCER}: install it (Debian: apt-get install pgbouncer) or set PGBOUNCER to its path.`)
	}
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pgbouncer-'))
	const port = await freePort()
	const target = `host=${server.host} port=${server.port}`
	fs.writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n')
	fs.writeFileSync(
		path.join(dir, 'pgbouncer.ini'),
		[
			'[databases]',
			...Object.entries(pinned).map(([alias, database]) => `${alias} = ${target} dbname=${database} pool_size=1`),
			`* = ${target}`,
			'[pgbouncer]',
			'listen_addr = 127.0.0.1',
			`listen_port = ${port}`,
			'unix_socket_dir =',
			'auth_type = trust',
			`auth_file = ${path.join(dir, 'userlist.txt')}`,
			'admin_users = postgres',
			'pool_mode = transaction',
			// As many deployments have it: startup options (the shop's `-c jit=off` when not told of the
			// pooler) are dropped rather than refused, so a shop left naming its statements gets in and
			// shows what naming does behind the pooler.
			'ignore_startup_parameters = extra_float_digits,options',
			'default_pool_size = 20',
			'max_client_conn = 500',
			`logfile = ${path.join(dir, 'pgbouncer.log')}`,
			'',
		].join('\n'),
	)
	// PgBouncer refuses to run as root: as root it runs as the postgres user, which must read its files,
	// under a runuser in a process group of its own (runuser passes a signal on to its whole group).
	const root = process.getuid?.() === 0
	if (root) {
		const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
		const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
		for (const file of ['', 'userlist.txt', 'pgbouncer.ini']) fs.chownSync(path.join(dir, file), uid, gid)
	}
	const ini = path.join(dir, 'pgbouncer.ini')
	const child = root ? spawn('runuser', ['-u', 'postgres', '--', PGBOUNCER, ini], { stdio: 'ignore', detached: true }) : spawn(PGBOUNCER, [ini], { stdio: 'ignore' })
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	try {
		await Promise.race([waitForPort(port, 15_000), exited.then(() => Promise.reject(new Error(`PgBouncer exited: ${fs.readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8').slice(-2000)}`)))])
	} catch (error) {
		child.kill('SIGKILL')
		fs.rmSync(dir, { recursive: true, force: true })
		throw error
	}
	return {
		port,
		url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
		adminUrl: `postgres://postgres@127.0.0.1:${port}/pgbouncer`,
		async stop() {
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
			await exited
			fs.rmSync(dir, { recursive: true, force: true })
		},
	}
}
