import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv, useEnv } from './env.server'
import { linkOrigin, setListeningOrigin } from './origin.server'

// Links the shop gives out (sitemap, robots.txt, og:url, canonical) never come from the request's
// Host header in production: anyone can send one, and a shared cache would keep the page with it.
describe('the origin of links', () => {
	afterEach(() => useEnv(parseEnv()))
	const forged = new Request('http://evil.example/products', { headers: { Host: 'evil.example' } })

	it('is PUBLIC_URL in production, whatever Host the request names', () => {
		useEnv(parseEnv({ NODE_ENV: 'production', PAYPRO_SIMULATOR: 'true', PUBLIC_URL: 'https://shop.example.pk/' }))
		expect(linkOrigin(forged)).toBe('https://shop.example.pk')
	})

	it('is the address the shop listens on when NODE_ENV is unset (npm start), never the Host', () => {
		useEnv(parseEnv({}))
		setListeningOrigin('http://localhost:3000')
		expect(linkOrigin(forged)).toBe('http://localhost:3000')
	})

	it('is the address asked in development', () => {
		useEnv(parseEnv({ NODE_ENV: 'development' }))
		expect(linkOrigin(new Request('http://192.168.1.5:5173/'))).toBe('http://192.168.1.5:5173')
	})
})
