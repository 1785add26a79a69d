import { describe, expect, it } from 'vitest'
import { langOf, localePath, unprefixed } from './lang'

describe('addresses in two languages', () => {
	it('reads the language from the address', () => {
		expect(['/', '/products', '/urdu-games', '/ur', '/ur/', '/ur/product/1'].map(langOf)).toEqual(['en', 'en', 'en', 'ur', 'ur', 'ur'])
	})

	it('takes the prefix off', () => {
		expect(['/ur', '/ur/products', '/products'].map(unprefixed)).toEqual(['/', '/products', '/products'])
	})

	it('puts an address in either language, query and hash kept', () => {
		expect(localePath('ur', '/')).toBe('/ur')
		expect(localePath('ur', '/?a=1')).toBe('/ur?a=1')
		expect(localePath('ur', '/product/1?variant=3#reviews')).toBe('/ur/product/1?variant=3#reviews')
		expect(localePath('ur', '/ur/products')).toBe('/ur/products')
		expect(localePath('en', '/ur/products?q=x')).toBe('/products?q=x')
		expect(localePath('en', '/ur')).toBe('/')
		expect(localePath('ur', 'https://wa.me/92300')).toBe('https://wa.me/92300')
		expect(localePath('ur', '//evil.example/x')).toBe('//evil.example/x')
	})
})
