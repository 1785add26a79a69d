import { describe, expect, it } from 'vitest'
import { containsNul, idSchema, inputProblem, isInvisible, MAX_ID, nameSchema, parseId, PROTO_KEY_MESSAGE } from './input'

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

describe('text that is not Unicode', () => {
	it('finds a lone surrogate, high or low, anywhere; a real pair (an emoji) is text', () => {
		expect(containsNul({ orderNumber: '\uD800' })).toBe(true)
		expect(containsNul({ a: ['ok', 'x\uDC00y'] })).toBe(true)
		expect(containsNul({ ['k\uDBFF']: 1 })).toBe(true)
		expect(containsNul({ name: 'Ali 😀', note: 'عربی' })).toBe(false)
	})

	it('finds a __proto__ key (as JSON.parse makes it) however deep, and takes the same text as a value', () => {
		expect(inputProblem(JSON.parse('{"a":[{"__proto__":{"x":1}}]}'))).toBe(PROTO_KEY_MESSAGE)
		expect(inputProblem({ name: '{"__proto__":{"x":1}}' })).toBeNull()
		expect(({} as Record<string, unknown>).x).toBeUndefined()
	})
})

describe('required names', () => {
	const name = nameSchema('Please enter your name.', 30, 'Too long.')
	it.each(['', '   ', '\u200B', '\u200B\u200C\u200D', '\uFEFF', '\u2060\u00AD', ' \u3164 ', '\u2800', '\u00A0\u2003'])('refuses %j as empty', (value) => {
		expect(isInvisible(value)).toBe(true)
		expect(name.safeParse(value).error?.issues[0]?.message).toBe('Please enter your name.')
	})

	it.each(['Ali', ' Ali\u200B ', 'علی', '李', '{"__proto__":{"x":1}}'])('takes %j', (value) => {
		expect(name.safeParse(value).success).toBe(true)
	})

	it('refuses a lone surrogate and a name past its length', () => {
		expect(name.safeParse('A\uD800').success).toBe(false)
		expect(name.safeParse('x'.repeat(31)).error?.issues[0]?.message).toBe('Too long.')
	})
})
