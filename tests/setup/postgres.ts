import pg from 'pg'

/** `baseName` as this run and this Vitest worker name it: TEST_DATABASE_SUFFIX and VITEST_POOL_ID keep them apart. */
function databaseName(baseName: string) {
	const worker = process.env.VITEST_POOL_ID ? `_w${process.env.VITEST_POOL_ID}` : ''
	const name = `${baseName}${worker}${process.env.TEST_DATABASE_SUFFIX ?? ''}`
	if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`)
	return name
}

function urlOf(adminUrl: string, name: string) {
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	return url.toString()
}

async function asAdmin(adminUrl: string, work: (client: pg.Client) => Promise<void>) {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		await work(client)
	} finally {
		await client.end()
	}
}

/**
 * Drops and recreates `name` on the server of `adminUrl`; returns its URL. TEST_DATABASE_SUFFIX
 * keeps two test runs on one PostgreSQL server apart, and each Vitest worker (VITEST_POOL_ID) has
 * databases of its own. With `template`, the new database is a copy of that one (PostgreSQL copies
 * its files: no migration or seed runs again).
 */
export async function freshPostgresDatabase(adminUrl: string, baseName: string, { template }: { template?: string } = {}): Promise<string> {
	const name = databaseName(baseName)
	if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`bad template name ${template}`)
	await asAdmin(adminUrl, async (client) => {
		await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
		await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`)
	})
	return urlOf(adminUrl, name)
}

/**
 * A database built once per worker by `build` (migrations and the seed) and then only copied:
 * `copy(baseName)` gives a fresh copy named after `baseName`. `build` must close its connections:
 * PostgreSQL copies a template only while nobody is connected to it.
 */
export function postgresTemplate(adminUrl: string, templateBase: string, build: (url: string) => Promise<void>) {
	let ready: Promise<string> | null = null
	const name = () =>
		(ready ??= (async () => {
			const url = await freshPostgresDatabase(adminUrl, templateBase)
			await build(url)
			return databaseName(templateBase)
		})())
	return {
		name,
		copy: async (baseName: string) => freshPostgresDatabase(adminUrl, baseName, { template: await name() }),
	}
}
