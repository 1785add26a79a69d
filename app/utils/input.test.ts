import { describe, expect, it } from 'vitest'
import { containsNul, idSchema, MAX_ID, parseId } from './input'

describe('the one rule for ids', () => {
	it.each([
		['1', 1],
		[' 42 ', 42],
		[MAX_ID, MAX_ID],
		[String(MAX_ID), MAX_ID],
	])('takes %j as %j', (value, id) => {
		expect(parseId(value)).toBe(id)
		expect(idSchema().parse(value)).toBe(id)
	})

	it.each(['0', '-1', '2147483648', '99999999999', '1.5', '1e3', '0x10', '', 'abc', '\u00001', null, undefined, 1.5, Number.NaN, {}])('refuses %j', (value) => {
		expect(parseId(value)).toBeNull()
		expect(idSchema('Unknown product').safeParse(value).error?.issues[0]?.message).toBe('Unknown product')
	})
})

describe('NUL characters', () => {
	it('finds a NUL in a string, a key or a value nested deeper than any form', () => {
		let deep: unknown = 'a\u0000b'
		for (let i = 0; i < 500; i++) deep = { next: deep }
		expect(containsNul(deep)).toBe(true)
		expect(containsNul({ ['k\u0000']: 1 })).toBe(true)
		expect(containsNul([1, 'ok', { a: ['x', 'y\u0000'] }])).toBe(true)
		expect(containsNul({ name: 'Ali Raza', items: [{ id: 1 }], note: '\\u0000 typed as text' })).toBe(false)
	})
})
