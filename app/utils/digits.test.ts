import { describe, expect, test } from 'vitest'
import { numberDigits, typedAmount, typedCode, westernDigits } from './digits'
import { normalisePakistaniMobile } from '../domain/orders/checkout-fields'
import { parseDmAmount } from '../domain/orders/dm-order-fields'
import { normaliseCode } from '../domain/coupons/coupon'
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
	})
})

describe('the parsers read them through it', () => {
	test('a Pakistani mobile in any digits, with +92, 0092, 92 or 0, spaces, dashes and brackets', () => {
		for (const typed of ['۰۳۰۰۱۲۳۴۵۶۷', '۰۳۰۰ ۱۲۳۴۵۶۷', '٠٣٠٠-١٢٣٤٥٦٧', '0092 300 1234567', '+92 300-1234567', '+۹۲ ۳۰۰ ۱۲۳۴۵۶۷', '0092-300-1234567', '+92 (0)300 1234567', '92 300 1234567', '3001234567']) {
			expect(normalisePakistaniMobile(typed), typed).toBe('03001234567')
		}
	})
	test('junk is refused: too short, too long, letters, another country, a landline, a number past the length bound', () => {
		for (const typed of ['', '۰۳۰۰', '0300123456', '030012345678', '0300 123456a', '+44 300 1234567', '0042 300 1234567', '021 1234567', '+92 21 1234567', '۰۳۰۰ ۱۲۳۴۵۶۷ ۸', `0300${' '.repeat(30)}1234567`, '٠٣٠٠ abc ١٢٣٤٥٦٧']) {
			expect(normalisePakistaniMobile(typed), typed).toBeNull()
		}
	})
	test('amounts, discount codes and prices typed in Urdu digits', () => {
		expect(parseDmAmount('Rs. ۴,۰۰۰')).toBe(4000)
		expect(parseDmAmount('٣٢٠٠')).toBe(3200)
		expect(Number.isNaN(parseDmAmount('چار ہزار'))).toBe(true)
		expect(normaliseCode('EID۲۵')).toBe('eid25')
		expect(normaliseCode('EID ۲۵')).toBeNull()
		expect(parsePriceText('Rs. ۳,۲۰۰')).toBe(3200)
	})
})
