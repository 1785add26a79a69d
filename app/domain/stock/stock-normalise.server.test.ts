// How stock codes are compared for duplicates (issue 21, "Stock that cannot be sold twice"): the
// same code written with look-alike letters, other dashes, invisible characters or fullwidth forms
// is the same code; codes that differ in a real character stay apart.
import { describe, expect, it } from 'vitest'
import { codeNotes, normaliseCode } from './stock-normalise.server'

const same = (a: string, b: string) => expect(normaliseCode(a)).toBe(normaliseCode(b))
const differ = (a: string, b: string) => expect(normaliseCode(a)).not.toBe(normaliseCode(b))

describe('normaliseCode', () => {
	it('keeps today’s rule: case, spaces and hyphens do not make another code', () => {
		same('ABCD-EFGH-1234', 'abcd efgh 1234')
		same('ABCD-EFGH-1234', 'abcdefgh1234')
	})

	it('folds Cyrillic and Greek letters that look Latin', () => {
		same('\u0410BC-123', 'ABC-123') // Cyrillic А
		same('\u0430bc-123', 'ABC-123') // Cyrillic а
		same('\u0421\u0415\u0420-9', 'CEP-9') // Cyrillic С Е Р
		same('\u0391\u0392\u0395-1', 'ABE-1') // Greek Α Β Ε
		same('\u0406D-1', 'ID-1') // Cyrillic І, capital
		same('\u0456d-1', 'ID-1') // Cyrillic і, small
	})

	it('folds every dash and the minus sign, like a hyphen', () => {
		for (const dash of ['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\uFE63', '\uFF0D', '\u2E3A']) same(`AB${dash}CD`, 'AB-CD')
	})

	it('removes format characters: zero-width space, soft hyphen, word joiner, BOM', () => {
		for (const invisible of ['\u200B', '\u00AD', '\u2060', '\uFEFF', '\u200C', '\u200D', '\u202E']) same(`AB${invisible}CD`, 'ABCD')
	})

	it('folds fullwidth letters and digits (NFKC)', () => {
		same('\uFF21\uFF22\uFF23\uFF11\uFF12', 'ABC12')
	})

	it('keeps Latin letters and digits apart: 0/O, 1/l/I, 5/S, 8/B, rn/m', () => {
		differ('A0B', 'AOB')
		differ('A1B', 'AlB')
		differ('A1B', 'AIB')
		differ('A5B', 'ASB')
		differ('A8B', 'ABB')
		differ('rn', 'm')
		for (let c = 0x21; c < 0x7f; c++) {
			const ch = String.fromCharCode(c)
			if (ch === '-') continue
			expect(normaliseCode(ch)).toBe(ch.toUpperCase())
		}
	})

	it('leaves non-Latin letters of other scripts and Latin letters beyond ASCII to NFKC and case only', () => {
		expect(normaliseCode('ß')).toBe('SS')
		expect(normaliseCode('€5')).toBe('€5')
		differ('É', 'E')
	})

	it('is empty for a code made only of invisible characters and dashes', () => {
		expect(normaliseCode('\u200B\u00AD - \u2013')).toBe('')
	})
})

describe('codeNotes', () => {
	it('says what the comparison ignores, so nothing is changed silently', () => {
		expect(codeNotes('ABC-123')).toEqual([])
		expect(codeNotes('AB\u200BC')).toEqual(['contains invisible characters: kept as imported, compared without them'])
		expect(codeNotes('\u0410BC')).toEqual(['contains Cyrillic or Greek letters that look Latin: kept as imported, compared as Latin'])
	})
})
