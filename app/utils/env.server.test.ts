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

	it('takes BACKUP_DIR only with a BACKUP_PASSPHRASE of 12 characters or more: every backup is sealed', () => {
		expect(() => parseEnv({ BACKUP_DIR: '/backups' })).toThrow(/BACKUP_PASSPHRASE: required with BACKUP_DIR/)
		expect(() => parseEnv({ BACKUP_DIR: '/backups', BACKUP_PASSPHRASE: 'too short' })).toThrow(/BACKUP_PASSPHRASE: must be at least 12 characters/)
		expect(parseEnv({ BACKUP_DIR: '/backups', BACKUP_PASSPHRASE: 'four words kept apart' })).toMatchObject({ BACKUP_DIR: '/backups', BACKUP_KEEP_DAYS: 7 })
	})
})

describe('the PayPro simulator in production', () => {
	it('refuses NODE_ENV=production without PayPro credentials, naming what to set', () => {
		expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.pk' })).toThrow(/PAYPRO_CLIENT_ID: NODE_ENV=production needs PayPro credentials.*PAYPRO_SIMULATOR=true/)
	})

	it('refuses NODE_ENV=production without PUBLIC_URL, naming it: links never come from the Host header', () => {
		expect(() => parseEnv({ NODE_ENV: 'production', PAYPRO_SIMULATOR: 'true' })).toThrow(/PUBLIC_URL: required with NODE_ENV=production/)
		expect(parseEnv({ NODE_ENV: 'production', PAYPRO_SIMULATOR: 'true', PUBLIC_URL: 'https://shop.example.pk' }).PUBLIC_URL).toBe('https://shop.example.pk')
		// Unset NODE_ENV (npm start, trying the shop out) serves on its own address.
		expect(parseEnv({}).PUBLIC_URL).toBeUndefined()
	})

	it('starts production on the simulator only when PAYPRO_SIMULATOR=true is set explicitly', () => {
		expect(parseEnv({ NODE_ENV: 'production', PAYPRO_SIMULATOR: 'true', PUBLIC_URL: 'https://shop.example.pk' }).PAYPRO_SIMULATOR).toBe(true)
		const live = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.pk', PAYPRO_CLIENT_ID: 'id', PAYPRO_CLIENT_SECRET: 's', PAYPRO_MERCHANT_ID: 'm', PAYPRO_CALLBACK_USERNAME: 'u', PAYPRO_CALLBACK_PASSWORD: 'p' }
		expect(parseEnv(live).PAYPRO_CLIENT_ID).toBe('id')
		expect(() => parseEnv({ ...live, PAYPRO_SIMULATOR: 'true' })).toThrow(/PAYPRO_SIMULATOR/)
	})

	it('keeps the simulator as the default outside production, so npm start works with no account', () => {
		expect(parseEnv({}).NODE_ENV).toBe('production')
		expect(parseEnv({}).PAYPRO_CLIENT_ID).toBeUndefined()
		expect(parseEnv({ NODE_ENV: 'development' }).NODE_ENV).toBe('development')
		expect(() => parseEnv({ PAYPRO_SIMULATOR: 'false' })).toThrow(/PAYPRO_SIMULATOR/)
	})
})
