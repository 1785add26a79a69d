// A PostgreSQL cluster of the test's own (initdb in a temporary folder, its own port and socket
// folder), for tests that restart or stop the database: the shared cluster on 5432 is never touched.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Where Debian's postgresql-15 package puts the server's programs (CI has them there too). */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'

export interface OwnPostgres {
	/** The `postgres` database as its superuser: shops create theirs from here. */
	url: string
	/** pg_ctl restart -m fast: connections are ended, the cluster shuts down cleanly and starts again. */
	restart(): Promise<void>
	/** pg_ctl stop -m immediate: every server process quits at once, as a crash would end them. */
	stopImmediately(): Promise<void>
	start(): Promise<void>
	/** Stops the cluster (if running) and removes its folder. */
	remove(): Promise<void>
}

async function freePort(): Promise<number> {
	const server = net.createServer()
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as net.AddressInfo
	await new Promise((resolve) => server.close(resolve))
	return port
}

/** The cluster's programs run as the postgres user when this runs as root (initdb refuses root), directly otherwise. */
function asClusterOwner(program: string, args: string[]) {
	const file = path.join(POSTGRES_BIN, program)
	const root = process.getuid?.() === 0
	return run(root ? 'runuser' : file, root ? ['-u', 'postgres', '--', file, ...args] : args, { timeout: 60_000 })
}

/**
 * Starts a cluster of its own; `remove()` in afterAll stops it and deletes its folder. fsync stays
 * on: the test counts what survived a restart, and a durability it did not have would prove nothing.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
	if (!fs.existsSync(path.join(POSTGRES_BIN, 'pg_ctl'))) {
		throw new Error(`PostgreSQL's server programs are not in ${POSTGRES_BIN}: install them (Debian: apt-get install postgresql-15) or set POSTGRES_BIN to their folder.`)
	}
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-own-postgres-'))
	const data = path.join(dir, 'data')
	if (process.getuid?.() === 0) {
		// The postgres user owns the cluster; the folder stays reachable by it.
		const { stdout } = await run('id', ['-u', 'postgres'])
		const { stdout: group } = await run('id', ['-g', 'postgres'])
		fs.chownSync(dir, Number(stdout.trim()), Number(group.trim()))
		fs.chmodSync(dir, 0o700)
	}
	await asClusterOwner('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-instructions', '-E', 'UTF8'])
	const port = await freePort()
	const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`
	const logFile = path.join(dir, 'server.log')
	const pgCtl = (...args: string[]) => asClusterOwner('pg_ctl', ['-D', data, '-l', logFile, ...args])
	let running = false
	const cluster: OwnPostgres = {
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		async start() {
			await pgCtl('-o', options, '-w', 'start')
			running = true
		},
		async restart() {
			await pgCtl('-o', options, '-m', 'fast', '-w', 'restart')
			running = true
		},
		async stopImmediately() {
			await pgCtl('-m', 'immediate', '-w', 'stop')
			running = false
		},
		async remove() {
			if (running) await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {})
			running = false
			fs.rmSync(dir, { recursive: true, force: true })
		},
	}
	try {
		await cluster.start()
	} catch (error) {
		await cluster.remove()
		throw error
	}
	return cluster
}
