import pg from 'pg'

/**
 * Drops and recreates `name` on the server of `adminUrl`; returns its URL. TEST_DATABASE_SUFFIX
 * keeps two test runs on one PostgreSQL server apart, and each Vitest worker (VITEST_POOL_ID) has
 * databases of its own.
 */
export async function freshPostgresDatabase(adminUrl: string, baseName: string): Promise<string> {
	const worker = process.env.VITEST_POOL_ID ? `_w${process.env.VITEST_POOL_ID}` : ''
	const name = `${baseName}${worker}${process.env.TEST_DATABASE_SUFFIX ?? ''}`
	if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`)
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
		await client.query(`CREATE DATABASE ${name}`)
	} finally {
		await client.end()
	}
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	return url.toString()
}
