import { parseEnv } from '../../app/utils/env.server'

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
