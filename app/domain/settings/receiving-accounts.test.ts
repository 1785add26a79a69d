import { describe, expect, it } from 'vitest'
import { accountsToShow, groupedIban, ibanChecksumHolds, ibanProblem, normaliseIban, normaliseRaastId, periodStart } from './receiving-accounts'
import { parseStoreDetailsPatch, storeDetailsFromForm } from './store-details'

/** A Pakistani IBAN with its check digits computed here (ISO 13616: 98 − the number with 00 mod 97). */
function ibanFor(bank: string, digits: string): string {
	const moved = `${bank}${digits}PK00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
	const check = 98 - Number(BigInt(moved) % 97n)
	return `PK${String(check).padStart(2, '0')}${bank}${digits}`
}

describe('IBAN', () => {
	const valid = ibanFor('MEZN', '0001234567890123')

	it('takes a Pakistani IBAN typed with spaces, stores it without them and shows it in groups of 4', () => {
		expect(normaliseIban('PK36 SCBL 0000 0011 2345 6702')).toBe('PK36SCBL0000001123456702')
		expect(normaliseIban(groupedIban(valid).toLowerCase())).toBe(valid)
		expect(groupedIban('PK36SCBL0000001123456702')).toBe('PK36 SCBL 0000 0011 2345 6702')
	})

	it('refuses wrong check digits, saying so', () => {
		const wrong = `PK${valid.slice(2, 4) === '99' ? '98' : String(Number(valid.slice(2, 4)) + 1).padStart(2, '0')}${valid.slice(4)}`
		expect(ibanChecksumHolds(valid)).toBe(true)
		expect(normaliseIban(wrong)).toBeNull()
		expect(ibanProblem(wrong)).toBe('checksum')
		// One digit changed in the account part: mod 97 catches it.
		expect(normaliseIban(valid.slice(0, -1) + ((Number(valid.at(-1)) + 1) % 10))).toBeNull()
	})

	it('refuses a wrong length or shape', () => {
		expect(ibanProblem(valid.slice(0, -1))).toBe('length')
		expect(ibanProblem(`${valid}1`)).toBe('length')
		expect(ibanProblem(`GB${valid.slice(2)}`)).toBe('shape')
		expect(ibanProblem('PK36 1234 0000 0011 2345 6702')).toBe('shape')
	})

	it('answers the owner with the sentence for what is wrong', () => {
		const account = (iban: string) => ({ transferAccounts: [{ method: 'Meezan Bank', holder: 'Shop', account: '0123456789', iban }] })
		expect(() => parseStoreDetailsPatch(account('PK36 SCBL 0000 0011 2345 6703'))).toThrow('check digits do not match')
		expect(() => parseStoreDetailsPatch(account('PK36 SCBL 0000 0011 2345'))).toThrow('24 characters')
		expect(parseStoreDetailsPatch(account('pk36 scbl 0000 0011 2345 6702')).transferAccounts![0]!.iban).toBe('PK36SCBL0000001123456702')
	})
})

describe('Raast ID', () => {
	it('reads the mobile number as the shop reads phones, Urdu digits and +92 included', () => {
		expect(normaliseRaastId('۰۳۰۰ ۱۲۳۴۵۶۷')).toBe('03001234567')
		expect(normaliseRaastId('+92 321 7654321')).toBe('03217654321')
		expect(normaliseRaastId('0092-300-1234567')).toBe('03001234567')
	})

	it('refuses what is not a Pakistani mobile number', () => {
		expect(normaliseRaastId('042 35761234')).toBeNull()
		expect(normaliseRaastId('0300 123456')).toBeNull()
		const account = { method: 'JazzCash', holder: 'Shop', account: '0300 1234567', raastId: '12345' }
		expect(() => parseStoreDetailsPatch({ transferAccounts: [account] })).toThrow('Enter the Raast ID as the Pakistani mobile number')
	})
})

describe('ceilings', () => {
	const at = (received: number, rupees: number | null, account: string) => ({ account, received, ceiling: rupees === null ? null : { rupees, period: 'day' as const } })

	it('shows every account below its ceiling or without one, in the owner’s order', () => {
		expect(accountsToShow([at(0, 1000, 'a'), at(5000, null, 'b'), at(999, 1000, 'c')])).toEqual(['a', 'b', 'c'])
	})

	it('gives way to the next accounts once one reaches its ceiling', () => {
		expect(accountsToShow([at(1000, 1000, 'a'), at(0, 1000, 'b'), at(0, null, 'c')])).toEqual(['b', 'c'])
		expect(accountsToShow([at(1500, 1000, 'a'), at(1000, 1000, 'b'), at(10, 1000, 'c')])).toEqual(['c'])
	})

	it('shows them all when every one is at its ceiling, never none', () => {
		expect(accountsToShow([at(1000, 1000, 'a'), at(2000, 500, 'b')])).toEqual(['a', 'b'])
	})

	it('counts a day and a month from Pakistan midnight', () => {
		// 20:00 UTC on 31 January is 1 February in Pakistan.
		const late = new Date('2026-01-31T20:00:00Z')
		expect(periodStart('day', late).toISOString()).toBe('2026-01-31T19:00:00.000Z')
		expect(periodStart('month', late).toISOString()).toBe('2026-01-31T19:00:00.000Z')
		expect(periodStart('month', new Date('2026-03-15T10:00:00Z')).toISOString()).toBe('2026-02-28T19:00:00.000Z')
	})

	it('reads a ceiling from the console form, and an empty one as none', () => {
		const form = {
			'transferAccounts.rows': '2',
			'transferAccounts.0.method': 'Meezan Bank',
			'transferAccounts.0.holder': 'Shop',
			'transferAccounts.0.account': '0123456789',
			'transferAccounts.0.ceiling.rupees': 'Rs. 5,00,000',
			'transferAccounts.0.ceiling.period': 'day',
			'transferAccounts.1.method': 'JazzCash',
			'transferAccounts.1.holder': 'Shop',
			'transferAccounts.1.account': '0300 1234567',
			'transferAccounts.1.ceiling.rupees': '',
			'transferAccounts.1.ceiling.period': 'month',
		}
		const parsed = parseStoreDetailsPatch(storeDetailsFromForm(form).change)
		expect(parsed.transferAccounts!.map((a) => a.ceiling)).toEqual([{ rupees: 500000, period: 'day' }, null])
		expect(() => parseStoreDetailsPatch(storeDetailsFromForm({ ...form, 'transferAccounts.0.ceiling.rupees': '0' }).change)).toThrow('Enter the ceiling as whole rupees')
	})
})
