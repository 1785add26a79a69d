import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setEmailProvider } from '../../app/integrations/email/provider.server'
import { resetPayproClient } from '../../app/integrations/paypro/paypro.server'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { startShop, type RunningShop } from '../../server/start'
import { freshPostgresDatabase } from './postgres'
import type { DatabaseKind } from './test-db'

/**
 * Settings for a real shop server in a test: as `npm run dev` serves it (no build needed), on a free
 * port, quiet, on the given data folder and database, plus the test's own settings.
 */
export function testShopEnv(
	{ dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string },
	settings: Record<string, string | undefined> = {},
) {
	return parseEnv({
		NODE_ENV: 'development',
		PORT: '0',
		HOST: '127.0.0.1',
		LOG_LEVEL: 'silent',
		DATA_DIR: dataDir,
		DATABASE_URL: databaseUrl,
		...settings,
	})
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

/**
 * A real shop server for one test file, on its own data folder and (for PostgreSQL) its own fresh
 * database named after `name`; `stop` closes it and puts back the process-wide settings it changed.
 */
export async function startTestShop(kind: DatabaseKind, name: string, settings: Record<string, string | undefined> = {}): Promise<{ shop: RunningShop; stop: () => Promise<void> }> {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`))
	const databaseUrl = kind === 'postgres' ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, `shop_vitest_${name.replace(/\W/g, '_')}`) : undefined
	const shop = await startShop(testShopEnv({ dataDir, databaseUrl }, settings))
	return {
		shop,
		stop: async () => {
			await shop.close()
			useEnv(parseEnv())
			resetPayproClient()
			setEmailProvider(null)
			fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}
