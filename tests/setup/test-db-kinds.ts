// Which databases the data tests run on: read by the tests (test-db.ts) and by the run's global setup (pglite-template.ts).
export type DatabaseKind = 'pglite' | 'postgres'

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. TEST_DATABASES=postgres (or pglite) runs
 * a developer's run on one of them only, e.g. to see a PostgreSQL failure sooner; CI runs both.
 */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASES ? chosenKinds(process.env.TEST_DATABASES) : ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])]

function chosenKinds(list: string): DatabaseKind[] {
	const kinds = list.split(',').map((k) => k.trim())
	for (const kind of kinds) if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DATABASES: "${kind}" is not pglite or postgres`)
	if (kinds.includes('postgres') && !process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASES names postgres: set TEST_DATABASE_URL too')
	return kinds as DatabaseKind[]
}
