// The shop fixture: a real shop server (the built shop, as `npm start` serves it: the test run
// builds it first when the sources changed, tests/setup/fresh-build.ts) on a database of its own
// copied from the worker's seeded one (tests/setup/test-db.ts), started before a block's tests and
// stopped after them.
import fs from 'node:fs'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { keepSavedEmailAccount, setEmailProvider } from '../../app/integrations/email/provider.server'
import { keepSavedPayProAccount, resetPayproClient } from '../../app/integrations/paypro/paypro.server'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { keepSavedPublicUrl } from '../../app/utils/origin.server'
import { startShop, type RunningShop } from '../../server/start'
import { copyOfSeededDatabase, resetData, type DatabaseKind } from './test-db'

type Settings = Record<string, string | undefined>

/**
 * Settings for a real shop server in a test: the built shop, on a free port, quiet, on the given
 * data folder and database, plus the test's own settings.
 */
export function testShopEnv({ dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string }, settings: Settings = {}) {
	return parseEnv({
		NODE_ENV: 'test',
		PORT: '0',
		HOST: '127.0.0.1',
		LOG_LEVEL: 'silent',
		DATA_DIR: dataDir,
		DATABASE_URL: databaseUrl,
		...settings,
	})
}

/** Starts the built shop on an existing data folder and database. */
export async function startShopOn(place: { dataDir: string; databaseUrl?: string }, settings: Settings = {}, options: { pageCacheSeconds?: number; orderChangesCoalescedMs?: number } = {}): Promise<RunningShop> {
	return startShop(testShopEnv(place, settings), options)
}

/** Puts back the test process's own configuration and providers, which a shop's start replaced. */
export function restoreProcessSettings() {
	useEnv(parseEnv())
	keepSavedPayProAccount(null)
	keepSavedEmailAccount(null)
	keepSavedPublicUrl(null)
	resetPayproClient()
	setEmailProvider(null)
}

/** Signs a staff member in through the real sign-in form; returns the session cookie. `address` keeps each sign-in under its own rate limit. */
export async function signInOverHttp(shopUrl: string, email: string, password: string, address: string): Promise<string> {
	const res = await fetch(`${shopUrl}/admin/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { Origin: shopUrl, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address },
		body: new URLSearchParams({ email, password }),
	})
	const match = /staff_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')
	if (res.status !== 302 || !match?.[1]) throw new Error(`sign-in failed (${res.status})`)
	return `staff_session=${match[1]}`
}

export interface TestShop {
	readonly shop: RunningShop
	readonly url: string
	readonly db: Db
	/** The shop's data folder (PGlite lives in it) and, on PostgreSQL, its database. */
	readonly dataDir: string
	readonly databaseUrl: string | undefined
	/** Starts (again) on the same data with these settings (the last ones when omitted); a running shop is closed first. */
	start(settings?: Settings): Promise<RunningShop>
	/** Closes the server, keeping its data (a command-line tool may open it meanwhile). */
	close(): Promise<void>
	/** Closes the server, puts back the process's settings and removes the data folder. */
	stop(): Promise<void>
}

/**
 * A shop server on a fresh copy of the seeded database: `name` names its PostgreSQL database.
 * Outside hooks (useTestShop does it in hooks), call stop() when done.
 */
export async function startTestShop(kind: DatabaseKind, name: string, settings: Settings = {}, { start = true, pageCacheSeconds, orderChangesCoalescedMs }: { start?: boolean; pageCacheSeconds?: number; orderChangesCoalescedMs?: number } = {}): Promise<TestShop> {
	const place = await copyOfSeededDatabase(kind, name)
	let running: RunningShop | null = null
	let lastSettings = settings
	const handle: TestShop = {
		get shop() {
			if (!running) throw new Error('the shop is not running')
			return running
		},
		get url() {
			return handle.shop.url
		},
		get db() {
			return handle.shop.database.db
		},
		dataDir: place.dataDir,
		databaseUrl: place.databaseUrl,
		async start(next = lastSettings) {
			await handle.close()
			lastSettings = next
			running = await startShopOn(place, next, { pageCacheSeconds, orderChangesCoalescedMs })
			return running
		},
		async close() {
			const closing = running
			running = null
			await closing?.close()
		},
		async stop() {
			await handle.close()
			restoreProcessSettings()
			fs.rmSync(place.dataDir, { recursive: true, force: true })
		},
	}
	if (start) await handle.start(settings)
	return handle
}

/**
 * The shop fixture for a block of tests: started before its first test (on a fresh copy of the
 * seeded database), stopped after its last. Read its properties inside hooks and tests.
 * With `start: false` only the database is prepared; the block calls `start(settings)` itself. With
 * `emptiedAfterEach`, what each test added is emptied after it (resetData), so the next starts as seeded.
 */
export function useTestShop(kind: DatabaseKind, name: string, settings: Settings = {}, { emptiedAfterEach = false, ...options }: { start?: boolean; pageCacheSeconds?: number; orderChangesCoalescedMs?: number; emptiedAfterEach?: boolean } = {}): TestShop {
	let handle: TestShop | null = null
	beforeAll(async () => {
		handle = await startTestShop(kind, name, settings, options)
	})
	if (emptiedAfterEach) afterEach(() => resetData(current().shop.database))
	afterAll(async () => {
		await handle?.stop()
		handle = null
	})
	const current = () => {
		if (!handle) throw new Error('the test shop exists inside hooks and tests only')
		return handle
	}
	return {
		get shop() {
			return current().shop
		},
		get url() {
			return current().url
		},
		get db() {
			return current().db
		},
		get dataDir() {
			return current().dataDir
		},
		get databaseUrl() {
			return current().databaseUrl
		},
		start: (next) => current().start(next),
		close: () => current().close(),
		stop: () => current().stop(),
	}
}
