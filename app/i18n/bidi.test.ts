import { describe, expect, test } from 'vitest'
import { isolateNumbers, LRI, PDI } from './bidi'
import { translator } from './messages.server'

const iso = (n: string) => `${LRI}${n.replace(/ /g, '\u00A0')}${PDI}`

describe('numbers in Urdu sentences stay whole and in order', () => {
	test('each number becomes one left-to-right isolate that does not break, the full stop after it', () => {
		expect(isolateNumbers('جیسے 0300 1234567۔')).toBe(`جیسے ${iso('0300 1234567')}۔`)
		expect(isolateNumbers('نمبر +92 300-1234567 پر')).toBe(`نمبر ${iso('+92 300-1234567')} پر`)
		expect(isolateNumbers('ہم 24/7 دستیاب ہیں')).toBe(`ہم ${iso('24/7')} دستیاب ہیں`)
		expect(isolateNumbers('5 میں سے 4.5')).toBe(`5 میں سے ${iso('4.5')}`)
	})
	test('a run a Latin letter already holds left to right, and a bare number, are left as written', () => {
		for (const text of ['کل Rs. 4,000 ادا کریں', 'آرڈر #GPU-1712-3 کا', 'Tekken 7 - اس میں کیا شامل ہے', '$10 USD کی ویلیو', '12 مہینے']) expect(isolateNumbers(text)).toBe(text)
	})
	test('isolates the catalogue wrote, links and email addresses are left as they are; words without digits too', () => {
		const written = `آرڈر \u2068GPU-1\u2069 ہو گیا`
		expect(isolateNumbers(written)).toBe(written)
		expect(isolateNumbers('https://wa.me/923001234567 پر')).toBe('https://wa.me/923001234567 پر')
		expect(isolateNumbers('ali99@example.pk پر')).toBe('ali99@example.pk پر')
		expect(isolateNumbers('گیم پاس Ultimate')).toBe('گیم پاس Ultimate')
	})
	test('the words layer isolates Urdu sentences, never English ones', () => {
		expect(translator('ur')('checkout.phoneInvalid')).toBe(`براہ کرم پاکستانی موبائل نمبر لکھیں، جیسے ${iso('0300 1234567')}۔`)
		expect(translator('en')('checkout.phoneInvalid')).toBe('Please enter a Pakistani mobile number, like 0300 1234567.')
		expect(translator('ur')('checkout.proceed', { amount: 'Rs. 3,200' })).toContain('Rs. 3,200')
	})
})
