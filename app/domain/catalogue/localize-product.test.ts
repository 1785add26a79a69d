import { describe, expect, it } from 'vitest'
import { localizeProduct } from './localize-product'

const product = { id: 3, name: 'Xbox Gift Card', description: 'Add money to your Microsoft account.', nameUr: null as string | null, descriptionUr: null as string | null }

describe("a product in the page's language", () => {
	it('shows the Urdu name and description on Urdu pages', () => {
		const ur = localizeProduct({ ...product, nameUr: 'ایکس باکس گفٹ کارڈ', descriptionUr: 'اپنے اکاؤنٹ میں رقم ڈالیں۔' }, 'ur')
		expect([ur.name, ur.description, ur.id]).toEqual(['ایکس باکس گفٹ کارڈ', 'اپنے اکاؤنٹ میں رقم ڈالیں۔', 3])
	})

	it('keeps the English on English pages', () => {
		expect(localizeProduct({ ...product, nameUr: 'ایکس باکس گفٹ کارڈ' }, 'en').name).toBe('Xbox Gift Card')
	})

	it('falls back to the English for what has no Urdu (blank counts as none)', () => {
		expect(localizeProduct(product, 'ur')).toEqual(product)
		const nameOnly = localizeProduct({ ...product, nameUr: 'گفٹ کارڈ', descriptionUr: '  ' }, 'ur')
		expect([nameOnly.name, nameOnly.description]).toEqual(['گفٹ کارڈ', 'Add money to your Microsoft account.'])
	})
})
