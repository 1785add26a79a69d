import { describe, expect, it } from 'vitest'
import { optionLabel, specLabel } from './option-label'
import { translator } from './messages.server'
import { lineOption, optionParts } from '../domain/catalogue/option-parts'

describe('an option label on a buyer page (ADR-040)', () => {
	it('is composed from the option’s data in the page’s language', () => {
		const ur = translator('ur')
		const en = translator('en')
		expect(optionLabel(en, { months: 1, label: '1 Month' })).toBe('1 Month')
		expect(optionLabel(ur, { months: 1, label: '1 Month' })).toBe('1 مہینہ')
		expect(optionLabel(en, { months: 12, accountType: 'shared' })).toBe('12 Months · Shared account')
		expect(optionLabel(ur, { months: 12, accountType: 'shared' })).toBe('12 مہینے · شیئرڈ اکاؤنٹ')
		expect(optionLabel(ur, { accountType: 'private' })).toBe('پرائیویٹ اکاؤنٹ')
		expect(optionLabel(ur, { months: 0, label: 'Custom Duration' })).toBe('اپنی مرضی کی مدت')
		expect(optionLabel(ur, { value: 0, label: 'Custom Amount' })).toBe('اپنی مرضی کی رقم')
		// A product sold as itself has no option to name.
		expect(optionLabel(ur, { label: 'Standard' })).toBe('')
	})

	it('shows the owner’s own label of a value as typed, in either language', () => {
		const ur = translator('ur')
		expect(optionLabel(ur, { value: 10, label: '$10 USD', accountType: 'private' })).toBe('$10 USD · پرائیویٹ اکاؤنٹ')
		expect(optionLabel(ur, { value: 5000, label: '5,000 V-Bucks' })).toBe('5,000 V-Bucks')
		expect(optionLabel(translator('en'), { value: 5000, label: '5,000 V-Bucks' })).toBe('5,000 V-Bucks')
	})

	it('reads a sold line’s option from its duration or value and its account type', () => {
		const line = { selectedDuration: { label: '2 Months', price: 3400, months: 2 }, selectedDenomination: null, selectedAccountType: 'shared' as const }
		expect(optionLabel(translator('ur'), lineOption(line)!)).toBe('2 مہینے · شیئرڈ اکاؤنٹ')
		expect(optionParts(lineOption(line)!)).toEqual([{ kind: 'months', count: 2 }, { kind: 'accountType', accountType: 'shared' }])
		expect(lineOption({ selectedDuration: null, selectedDenomination: null, selectedAccountType: null })).toBeNull()
	})
})

describe('a specification on a buyer page', () => {
	it('names the catalogue’s specifications in Urdu, and an owner’s own as written', () => {
		const ur = translator('ur')
		expect(specLabel(ur, 'ur', 'Platform')).toBe('پلیٹ فارم')
		expect(specLabel(ur, 'ur', 'Screen size')).toBe('Screen size')
		expect(specLabel(translator('en'), 'en', 'Platform')).toBe('Platform')
	})
})
