import { describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from './env.server'

describe('configuration', () => {
	it('has defaults that start the shop on port 3000 with data in ./data', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.DATA_DIR).toBe('./data')
		expect(env.DATABASE_URL).toBeUndefined()
	})

	it('names the variable that is wrong', () => {
		expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError)
		expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
		expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
		expect(() => parseEnv({ WHATSAPP_NUMBER: '+92 300' })).toThrow(/WHATSAPP_NUMBER/)
	})

	it('treats empty values as unset', () => {
		expect(parseEnv({ PORT: '' }).PORT).toBe(3000)
	})
})
