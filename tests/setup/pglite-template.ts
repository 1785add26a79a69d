// Vitest global setup: the seeded PGlite data folder every worker copies (tests/setup/test-db.ts), made
// once for the run. Each of the three workers used to make two of its own (initdb, migrations and the
// catalogue, about 5 CPU-seconds each in WebAssembly): 30 CPU-seconds of every run on two cores.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPglite } from '../../app/db/client.server'
import { seedDatabase } from '../../app/db/seed/seed.server'

declare module 'vitest' {
	export interface ProvidedContext {
		/** The seeded PGlite data folder of this run (its `pglite` folder). */
		pgliteTemplate: string
	}
}

// Made whatever TEST_DATABASES says: some files run on PGlite only (the shop's own default database).
export default async function pgliteTemplate(project: TestProject) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-template-'))
	const database = await openPglite(dataDir, { prepare: seedDatabase })
	await database.close()
	project.provide('pgliteTemplate', path.join(dataDir, 'pglite'))
	return () => fs.rmSync(dataDir, { recursive: true, force: true })
}
