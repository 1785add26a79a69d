// A PostgreSQL cluster of the test's own (initdb in a temporary folder, its own port and socket
// folder), for tests that restart or stop the database: the shared cluster on 5432 is never touched.
// startReplicaOf(primary) adds a streaming standby of it (pg_basebackup -R) on a port of its own.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Where Debian's postgresql-15 package puts the server's programs (CI has them there too). */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'

export interface OwnPostgres {
	/** The `postgres` database as its superuser: shops create theirs from here. */
	url: string
	port: number
	/** The cluster's data folder (its postmaster.pid names the running server's process). */
	dataDir: string
	/** pg_ctl restart -m fast: connections are ended, the cluster shuts down cleanly and starts again. */
	restart(): Promise<void>
	/** pg_ctl stop -m immediate: every server process quits at once, as a crash would end them. */
	stopImmediately(): Promise<void>
	start(): Promise<void>
	/** Stops the cluster (if running) and removes its folder. */
	remove(): Promise<void>
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
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

async function clusterOwnerFolder(prefix: string): Promise<string> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
	if (process.getuid?.() === 0) {
		// The postgres user owns the cluster; the folder stays reachable by it.
		const { stdout } = await run('id', ['-u', 'postgres'])
		const { stdout: group } = await run('id', ['-g', 'postgres'])
		fs.chownSync(dir, Number(stdout.trim()), Number(group.trim()))
		fs.chmodSync(dir, 0o700)
	}
	return dir
}

function requireServerPrograms() {
	if (!fs.existsSync(path.join(POSTGRES_BIN, 'pg_ctl'))) {
		throw new Error(`PostgreSQL's server programs are not in ${POSTGRES_BIN}: install them (Debian: apt-get install postgresql-15) or set POSTGRES_BIN to their folder.`)
	}
}

/** A cluster in `data` under `dir`, served on a free port, started. */
async function serve(dir: string, data: string, { port, maxConnections = 60 }: { port?: number; maxConnections?: number } = {}): Promise<OwnPostgres> {
	port ??= await freePort()
	// wal_level=replica and WAL senders (PostgreSQL 15's defaults, said here): a standby can follow it.
	const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections} -c wal_level=replica -c max_wal_senders=5`
	const logFile = path.join(dir, 'server.log')
	const pgCtl = (...args: string[]) => asClusterOwner('pg_ctl', ['-D', data, '-l', logFile, ...args])
	let running = false
	const cluster: OwnPostgres = {
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		port,
		dataDir: data,
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

/**
 * Starts a cluster of its own; `remove()` in afterAll stops it and deletes its folder. fsync stays
 * on: the test counts what survived a restart, and a durability it did not have would prove nothing.
 */
export async function startOwnPostgres({ port, maxConnections = 60 }: { port?: number; maxConnections?: number } = {}): Promise<OwnPostgres> {
	requireServerPrograms()
	const dir = await clusterOwnerFolder('shop-own-postgres-')
	const data = path.join(dir, 'data')
	// initdb's pg_hba.conf trusts replication connections from 127.0.0.1 too.
	await asClusterOwner('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-instructions', '-E', 'UTF8'])
	return serve(dir, data, { port, maxConnections })
}

/**
 * A hot standby of `primary`: its base backup (pg_basebackup -R writes standby.signal and the
 * primary's address), started on its own port (`port`, when a shop must be told it before the
 * standby is ready), following the primary's WAL as it is written.
 */
export async function startReplicaOf(primary: OwnPostgres, { port }: { port?: number } = {}): Promise<OwnPostgres> {
	requireServerPrograms()
	const dir = await clusterOwnerFolder('shop-own-replica-')
	const data = path.join(dir, 'data')
	await asClusterOwner('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast'])
	return serve(dir, data, { port })
}

/** One statement on a connection of its own, closed after it: for a cluster that restarts, stops or replicates under the test. */
export async function queryOnce<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return (await client.query(text, values)).rows as T[]
	} finally {
		await client.end()
	}
}
