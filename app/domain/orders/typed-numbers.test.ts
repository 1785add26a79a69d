import { describe, expect, test } from 'vitest'
import { normalisePakistaniMobile } from './checkout-fields'
import { parseDmAmount } from './dm-order-fields'
import { normaliseCode } from '../coupons/coupon'

// The parsers of phones, amounts and codes read numbers as typed, through app/utils/digits.ts.

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
	})
})
