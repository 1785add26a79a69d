import { describe, expect, it } from 'vitest'
import { ConfigError } from './env.server'
import { parseTransferAccounts } from './store-config.server'

describe('manual transfer accounts', () => {
	it('falls back to a bank and three wallets held by the store when unset', () => {
		const accounts = parseTransferAccounts({ STORE_NAME: 'Test Store', MANUAL_PAYMENT_ACCOUNTS: undefined })
		expect(accounts.map((a) => a.method)).toEqual(['Meezan Bank', 'JazzCash', 'EasyPaisa', 'SadaPay'])
		expect(accounts.every((a) => a.holder === 'Test Store' && a.account)).toBe(true)
	})

	it('reads the configured list', () => {
		const raw = JSON.stringify([{ method: 'HBL', holder: ' Ali Khan ', account: '1234' }])
		expect(parseTransferAccounts({ STORE_NAME: 'x', MANUAL_PAYMENT_ACCOUNTS: raw })).toEqual([{ method: 'HBL', holder: 'Ali Khan', account: '1234' }])
	})

	it('refuses a list of the wrong shape, naming the variable', () => {
		for (const raw of ['{"method":"HBL"}', '[]', '[{"method":"HBL","holder":"Ali"}]', 'not json']) {
			expect(() => parseTransferAccounts({ STORE_NAME: 'x', MANUAL_PAYMENT_ACCOUNTS: raw })).toThrow(ConfigError)
			expect(() => parseTransferAccounts({ STORE_NAME: 'x', MANUAL_PAYMENT_ACCOUNTS: raw })).toThrow(/MANUAL_PAYMENT_ACCOUNTS/)
		}
	})
})
