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

	it('refuses a pooler in transaction mode without a direct URL, and a replica or direct URL without DATABASE_URL', () => {
		const pooler = 'postgres://shop@pgbouncer:6432/shop'
		expect(() => parseEnv({ DATABASE_URL: pooler, DATABASE_POOLER: 'transaction' })).toThrow(/DATABASE_DIRECT_URL.*needs DATABASE_URL \(the pooler\) and DATABASE_DIRECT_URL/)
		expect(() => parseEnv({ DATABASE_REPLICA_URL: 'postgres://replica/shop' })).toThrow(/DATABASE_REPLICA_URL.*set DATABASE_URL to the primary/)
		expect(() => parseEnv({ DATABASE_POOLER: 'session' })).toThrow(/DATABASE_POOLER/)
		const env = parseEnv({ DATABASE_URL: pooler, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: 'postgres://shop@db:5432/shop' })
		expect(env.DATABASE_POOLER).toBe('transaction')
		expect(parseEnv({}).DATABASE_POOLER).toBe('none')
	})

	it('treats empty values as unset', () => {
		expect(parseEnv({ PORT: '' }).PORT).toBe(3000)
	})

	it('takes BACKUP_DIR only with a BACKUP_PASSPHRASE of 12 characters or more: every backup is sealed', () => {
		expect(() => parseEnv({ BACKUP_DIR: '/backups' })).toThrow(/BACKUP_PASSPHRASE: required with BACKUP_DIR/)
		expect(() => parseEnv({ BACKUP_DIR: '/backups', BACKUP_PASSPHRASE: 'too short' })).toThrow(/BACKUP_PASSPHRASE: must be at least 12 characters/)
		expect(parseEnv({ BACKUP_DIR: '/backups', BACKUP_PASSPHRASE: 'four words kept apart' })).toMatchObject({ BACKUP_DIR: '/backups', BACKUP_KEEP_DAYS: 7 })
	})
})

describe('the metrics token', () => {
	it('is refused on a deployed shop when shorter than 32 characters, with a sentence that says how to make one', () => {
		expect(() => parseEnv({ NODE_ENV: 'production', METRICS_TOKEN: 'short-token' })).toThrow(
			'METRICS_TOKEN: must be at least 32 characters with NODE_ENV=production (openssl rand -hex 32)',
		)
		expect(parseEnv({ NODE_ENV: 'production', METRICS_TOKEN: 'a'.repeat(32) }).METRICS_TOKEN).toBe('a'.repeat(32))
		// Trying the shop out (npm start, tests) takes any token.
		expect(parseEnv({ METRICS_TOKEN: 'short-token' }).METRICS_TOKEN).toBe('short-token')
		expect(() => parseEnv({ METRICS_TOKEN: 'has a space' })).toThrow('METRICS_TOKEN: must be letters, digits and punctuation, without spaces')
	})
})

describe('the PayPro simulator in production', () => {
	it('starts a deployed shop without PayPro credentials or PUBLIC_URL: the owner connects them on the console (ADR-048)', () => {
		const deployed = parseEnv({ NODE_ENV: 'production' })
		expect(deployed).toMatchObject({ NODE_ENV: 'production', DEPLOYED: true })
		expect([deployed.PAYPRO_CLIENT_ID, deployed.PUBLIC_URL, deployed.EMAIL_PROVIDER]).toEqual([undefined, undefined, undefined])
		// Unset NODE_ENV (npm start, trying the shop out) serves the build as production does, but is not a deployed shop.
		expect(parseEnv({})).toMatchObject({ NODE_ENV: 'production', DEPLOYED: false })
	})

	it('refuses PAYPRO_SIMULATOR=true beside live credentials', () => {
		expect(parseEnv({ NODE_ENV: 'production', PAYPRO_SIMULATOR: 'true', PUBLIC_URL: 'https://shop.example.pk' }).PAYPRO_SIMULATOR).toBe(true)
		const live = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.pk', PAYPRO_CLIENT_ID: 'id', PAYPRO_CLIENT_SECRET: 's', PAYPRO_MERCHANT_ID: 'm', PAYPRO_CALLBACK_USERNAME: 'u', PAYPRO_CALLBACK_PASSWORD: 'p' }
		expect(parseEnv(live).PAYPRO_CLIENT_ID).toBe('id')
		expect(() => parseEnv({ ...live, PAYPRO_SIMULATOR: 'true' })).toThrow(/PAYPRO_SIMULATOR/)
	})

	it('keeps the simulator as the default, so npm start works with no account', () => {
		expect(parseEnv({}).PAYPRO_CLIENT_ID).toBeUndefined()
		expect(parseEnv({ NODE_ENV: 'development' }).NODE_ENV).toBe('development')
		expect(parseEnv({ PAYPRO_SIMULATOR: 'false' }).PAYPRO_SIMULATOR).toBe(false)
	})
})
