import { describe, expect, it } from 'vitest'
import { optionLabel, specLabel } from './option-label'
import { translator } from './messages.server'

describe('an option label on a buyer page', () => {
	it('says the standard wordings in Urdu, and leaves an owner’s own label as written', () => {
		const ur = translator('ur')
		expect(optionLabel(ur, 'ur', '1 Month')).toBe('1 مہینہ')
		expect(optionLabel(ur, 'ur', '12 Months · Shared account')).toBe('12 مہینے · شیئرڈ اکاؤنٹ')
		expect(optionLabel(ur, 'ur', 'Custom Duration')).toBe('اپنی مرضی کی مدت')
		expect(optionLabel(ur, 'ur', '$10 USD · Private account')).toBe('$10 USD · پرائیویٹ اکاؤنٹ')
		expect(optionLabel(ur, 'ur', '5,000 V-Bucks')).toBe('5,000 V-Bucks')
		expect(optionLabel(ur, 'ur', 'constructor')).toBe('constructor')
	})

	it('shows every label as written on English pages', () => {
		expect(optionLabel(translator('en'), 'en', '1 Month · Shared account')).toBe('1 Month · Shared account')
	})

	it('names the catalogue’s specifications in Urdu, and an owner’s own as written', () => {
		const ur = translator('ur')
		expect(specLabel(ur, 'ur', 'Platform')).toBe('پلیٹ فارم')
		expect(specLabel(ur, 'ur', 'Screen size')).toBe('Screen size')
		expect(specLabel(translator('en'), 'en', 'Platform')).toBe('Platform')
	})
})
