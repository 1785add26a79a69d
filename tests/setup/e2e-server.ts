// Starts the built shop on a fresh database for the end-to-end tests:
// a new PostgreSQL database when TEST_DATABASE_URL is set, else a new PGlite folder; E2E_SHOP
// numbers the shops of one run (one per Playwright worker).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freshPostgresDatabase } from './postgres'

if (process.env.TEST_DATABASE_URL) {
	process.env.DATABASE_URL = await freshPostgresDatabase(process.env.TEST_DATABASE_URL, `shop_e2e_${process.env.E2E_SHOP ?? 0}`)
} else {
	process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'))
}
await import('../../server/index')
