import { describe, expect, test } from 'vitest'
import { numberDigits, typedAmount, typedCode, westernDigits } from './digits'
import { parsePriceText } from './money'

// Numbers as people type them: on an Urdu keyboard, an Arabic one, with spaces and dashes, +92 or 0092.

describe('westernDigits', () => {
	test('Urdu (U+06F0–06F9) and Arabic-Indic (U+0660–0669) digits become 0–9; other text stays', () => {
		expect(westernDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
		expect(westernDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789')
		expect(westernDigits('GPU-۱۷۱۲-٣٤٥ علی')).toBe('GPU-1712-345 علی')
		expect(westernDigits('0300')).toBe('0300')
	})
	test('a number loses its group separators; a code its "#"; an amount its "Rs." and commas', () => {
		expect(numberDigits('۰۳۰۰ ۱۲۳۔۴۵۶۷'.replace('۔', '-'))).toBe('03001234567')
		expect(numberDigits('0300\u00A01234567')).toBe('03001234567')
		expect(numberDigits('0300–123–4567')).toBe('03001234567')
		expect(typedCode('  #GPU-۱۷۱۲-۳ ')).toBe('GPU-1712-3')
		expect(typedAmount('Rs. ۴,۰۰۰')).toBe('4000')
		expect(typedAmount('PKR ٤٬٠٠٠')).toBe('4000')
		expect(typedAmount('۱۲٫۵')).toBe('12.5')
		expect(parsePriceText('Rs. ۳,۲۰۰')).toBe(3200)
	})
})
