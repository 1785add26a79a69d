import { describe, expect, it } from 'vitest'
import { catalogueProducts } from '../../db/seed/catalogue'
import { durationsOf, quotableMonths } from './product-options'

const byTerms = (terms: string) => catalogueProducts.find((p) => p.termsPage === terms)!

describe('the custom-duration quote', () => {
	it('offers only lengths the page does not already price: none for PC Game Pass (1-12 months priced), 3, 6 and 12 for the console edition', () => {
		expect(quotableMonths(durationsOf(byTerms('game-pass-pc')))).toEqual([])
		expect(quotableMonths(durationsOf(byTerms('game-pass-console')))).toEqual([3, 6, 12])
	})
})
