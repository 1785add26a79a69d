import { describe, expect, it } from 'vitest'
import { optionRowOrder, optionsSummary, productFormValues, readProductForm, type ProductFormSource, type ProductFormValues } from './product-form'

const gamePass: ProductFormSource = {
	name: 'Xbox Game Pass Ultimate',
	platform: 'xbox',
	kind: 'subscription',
	caption: 'Instant delivery',
	description: 'Hundreds of games on console.',
	features: ['Day-one releases', 'EA Play included'],
	specifications: [{ label: 'Region', value: 'Global' }, 'Works on Xbox One and Series X|S'],
	badge: 'sale',
	originalPrice: 3000,
	featured: true,
	hasDuration: true,
	sortOrder: 5,
	visible: true,
	termsPage: 'game-pass-console',
	contentPage: '/game-pass-library',
	reviewGroup: 'game-pass',
	variants: [
		{ id: 11, label: '1 Month', months: 1, value: null, accountType: null, price: 2500, position: 0, hidden: false },
		{ id: 12, label: '3 Months', months: 3, value: null, accountType: null, price: 6900, position: 1, hidden: false },
		{ id: 13, label: 'Custom Duration', months: 0, value: null, accountType: null, price: 0, position: 2, hidden: true },
	],
}

/** A new product's form with the given option rows typed in. */
function newForm(rows: Record<string, string>[], extra: ProductFormValues = {}): ProductFormValues {
	const values: ProductFormValues = { ...productFormValues(), name: 'PlayStation Plus Essential', platform: 'playstation', description: 'Online play.', ...extra }
	values['variants.rows'] = String(Math.max(rows.length, 3))
	rows.forEach((row, i) => {
		for (const [k, v] of Object.entries(row)) values[`variants.${i}.${k}`] = v
	})
	return values
}

const errorsOf = (values: ProductFormValues) => {
	const read = readProductForm(values)
	if (read.ok) throw new Error('expected the form to be refused')
	return read
}

describe('the console’s product form', () => {
	it('reads a saved product back unchanged: options keep their ids and order, hidden ones stay hidden', () => {
		const read = readProductForm(productFormValues(gamePass))
		expect(read.ok).toBe(true)
		if (!read.ok) return
		expect(read.input).toMatchObject({
			name: gamePass.name,
			platform: 'xbox',
			kind: 'subscription',
			caption: 'Instant delivery',
			features: gamePass.features,
			specifications: gamePass.specifications,
			badge: 'sale',
			originalPrice: 3000,
			featured: true,
			hasDuration: true,
			visible: true,
			sortOrder: 5,
			termsPage: 'game-pass-console',
			contentPage: '/game-pass-library',
			reviewGroup: 'game-pass',
		})
		expect(read.input.variants).toEqual([
			{ id: 11, label: '1 Month', months: 1, value: null, accountType: null, price: 2500, cost: null, hidden: false },
			{ id: 12, label: '3 Months', months: 3, value: null, accountType: null, price: 6900, cost: null, hidden: false },
			{ id: 13, label: 'Custom Duration', months: 0, value: null, accountType: null, price: 0, cost: null, hidden: true },
		])
	})

	it('ignores blank rows, takes prices as people type them, and leaves unticked boxes false', () => {
		const values = newForm([{ label: '1 Month', months: '1', price: 'Rs. 2,500' }, {}, { label: '12 Months', months: ' 12 ', price: '24 000' }])
		delete values.visible
		const read = readProductForm(values)
		expect(read.ok && read.input.variants.map((v) => [v.label, v.months, v.price])).toEqual([
			['1 Month', 1, 2500],
			['12 Months', 12, 24000],
		])
		expect(read.ok && [read.input.visible, read.input.featured, read.input.hasDuration, read.input.badge, read.input.termsPage]).toEqual([false, false, false, null, null])
	})

	it('sells options in the order of their position numbers; a row moved to a taken number goes before the one there', () => {
		const values = newForm([
			{ label: '1 Month', months: '1', price: '2500', position: '1' },
			{ label: '3 Months', months: '3', price: '6900', position: '2' },
			{ label: '6 Months', months: '6', price: '12900', position: '1' },
		])
		expect(optionRowOrder(values)).toEqual([2, 0, 1])
		const read = readProductForm(values)
		expect(read.ok && read.input.variants.map((v) => v.label)).toEqual(['6 Months', '1 Month', '3 Months'])
	})

	it('names each problem after the field it belongs to, in a sentence, for the row the owner typed in', () => {
		const { fieldErrors, message } = errorsOf(
			newForm(
				[
					{ label: '1 Month', months: '1', price: '2500' },
					{},
					{ label: '3 Months', months: '3', price: 'two thousand' },
					{ label: 'Forever', months: '500', price: '99999999999999999999' },
					{ label: '6 Months', months: '6' },
					{ label: 'Both', months: '1', value: '10', price: '10' },
				],
				{ name: '   ', sortOrder: 'first', termsPage: 'somewhere', features: `Short\n${'x'.repeat(201)}`, 'specifications.0.label': 'Region' },
			),
		)
		expect(fieldErrors).toMatchObject({
			name: 'Please give the product a name.',
			'variants.2.price': 'A price must be a whole number of rupees.',
			'variants.3.months': 'A duration can be at most 120 months.',
			'variants.3.price': 'A price can be at most Rs. 10,000,000.',
			'variants.4.price': 'Please give this option a price in rupees (0 only for the custom entry quoted on WhatsApp).',
			'variants.5': 'An option is a duration or a gift-card value, not both.',
			sortOrder: 'The sort order must be a whole number from -100,000 to 100,000.',
			termsPage: 'Choose one of the listed terms pages, or none.',
			features: 'Feature 2 is longer than 200 characters: please shorten it.',
			'specifications.0.value': 'Please give “Region” a value, or clear its name.',
		})
		expect(message).toBe(`Nothing was saved. Please correct the ${Object.keys(fieldErrors).length} fields marked below.`)
		for (const sentence of Object.values(fieldErrors)) expect(sentence).toMatch(/^[A-Z“].*[.]$/)
	})

	it('asks for at least one option, and says the one problem when there is one', () => {
		const read = errorsOf(newForm([{}, {}]))
		expect(read.fieldErrors).toEqual({ variants: 'A product needs at least one option with a price.' })
		expect(read.message).toBe('Nothing was saved: A product needs at least one option with a price.')
	})

	it('allows price 0 only for the custom entry (0 months or value 0)', () => {
		expect(readProductForm(newForm([{ label: '1 Month', months: '1', price: '2500' }, { label: 'Custom Duration', months: '0', price: '0' }])).ok).toBe(true)
		expect(errorsOf(newForm([{ label: '1 Month', months: '1', price: '0' }])).fieldErrors['variants.0.price']).toMatch(/^Every option needs a price above Rs\. 0/)
	})

	it('caps the rows a forged count may ask for', () => {
		const values = newForm([{ label: '1 Month', months: '1', price: '2500' }])
		values['variants.rows'] = '100000000'
		expect(optionRowOrder(values)).toHaveLength(60)
	})

	it('sums up options for the list: what a buyer sees and the prices they range over', () => {
		expect(optionsSummary(gamePass.variants)).toEqual({ shown: 2, hidden: 1, from: 2500, to: 6900 })
		expect(optionsSummary([{ price: 0, hidden: false }])).toEqual({ shown: 1, hidden: 0, from: null, to: null })
	})
})
