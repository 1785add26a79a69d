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
