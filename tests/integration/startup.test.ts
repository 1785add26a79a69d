import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lockfile from 'proper-lockfile'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, openPglite } from '../../app/db/client.server'

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
		const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
			env: { ...process.env, PORT: 'eighty', NODE_ENV: 'production' },
			encoding: 'utf8',
			timeout: 60_000,
		})
		expect(result.status).toBe(1)
		expect(result.stderr).toContain('PORT')
	})
})
