import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import lockfile from 'proper-lockfile'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirLockedError, openPglite } from '../../app/db/client.server'
import { catalogue } from '../../app/db/seed/catalogue'
import { setEmailProvider } from '../../app/integrations/email/provider.server'
import { resetPayproClient } from '../../app/integrations/paypro/paypro.server'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { startShop } from '../../server/start'
import { freshPostgresDatabase } from '../setup/postgres'
import { sharedDeliveryKey } from '../setup/shop-process'
import { testShopEnv } from '../setup/test-shop'
import { SERVER_BUNDLE } from '../../scripts/server-bundle'

describe('start-up', () => {
	it('refuses a second server on the same embedded database folder', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'))
		const folder = path.join(dir, 'pglite')
		fs.mkdirSync(folder)
		// What the first server holds while it runs.
		const release = await lockfile.lock(folder, { stale: 15_000, update: 5_000 })
		try {
			const error = await openPglite(dir).catch((e: unknown) => e)
			expect(error).toBeInstanceOf(DataDirLockedError)
			expect((error as Error).message).toMatch(/already using the embedded database/)
		} finally {
			await release()
		}
	})

	it('stops on a bad setting and names the variable', { timeout: 120_000 }, () => {
		const result = spawnSync(process.execPath, [SERVER_BUNDLE], {
			env: { ...process.env, PORT: 'eighty', NODE_ENV: 'production' },
			encoding: 'utf8',
			timeout: 60_000,
		})
		expect(result.status).toBe(1)
		expect(result.stderr).toContain('PORT')
	})
})

const postgres = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []

describe.each(postgres)('start-up on PostgreSQL', (adminUrl) => {
	afterAll(() => {
		// Back to the test process's own configuration and providers.
		useEnv(parseEnv())
		resetPayproClient()
		setEmailProvider(null)
	})

	it('starts three servers at once on an empty database: all serve, the migrations and the catalogue are applied once, one owner', { timeout: 120_000 }, async () => {
		const databaseUrl = await freshPostgresDatabase(adminUrl, 'shop_vitest_startup')
		const settings = { DELIVERY_ENCRYPTION_KEY: sharedDeliveryKey, JOBS_WORKER: 'false' }
		const started = await Promise.allSettled(
			[1, 2, 3].map(() => startShop(testShopEnv({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-')), databaseUrl }, settings))),
		)
		const shops = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
		try {
			expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'serving'))).toEqual(['serving', 'serving', 'serving'])
			for (const shop of shops) expect((await fetch(`${shop.url}/healthz`)).status).toBe(200)
			const client = new pg.Client({ connectionString: databaseUrl })
			await client.connect()
			try {
				const count = async (table: string) => (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n
				const journal = JSON.parse(fs.readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] }
				expect(await count('drizzle.__drizzle_migrations')).toBe(journal.entries.length)
				expect(await count('products')).toBe(catalogue.length)
				expect(await count('staff_users')).toBe(1)
			} finally {
				await client.end()
			}
		} finally {
			for (const shop of shops) await shop.close()
		}
	})
})
