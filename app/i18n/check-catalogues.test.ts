import { describe, expect, it } from 'vitest'
import { catalogueProblems } from './check-catalogues'
import { en } from './en'
import { ur } from './ur'

describe('message catalogues', () => {
	it('Urdu names every English key, no other, with the same places', () => {
		expect(catalogueProblems(en, ur, 'ur')).toEqual([])
	})

	it('reports a missing key, an extra key, a blank message and places that differ', () => {
		const reference = { checkout: { title: 'Checkout', total: 'Total: Rs. {amount}', pay: 'Pay' } }
		const other = { checkout: { title: '  ', total: 'کل: Rs. {total}', extra: 'زائد' } }
		expect(catalogueProblems(reference, other, 'ur')).toEqual([
			'ur: checkout.title is blank',
			'ur: checkout.total has places {total}, English has {amount}',
			'ur: checkout.pay is missing',
			'ur: checkout.extra is not in English',
		])
	})

	it('reports a namespace on one side only', () => {
		expect(catalogueProblems({ a: {} }, { b: {} }, 'ur')).toEqual(['ur: namespace a is missing', 'ur: namespace b is not in English'])
	})
})
