import { describe, expect, it } from 'vitest'
import { localizeProduct } from './localize-product'
import { catalogue } from '../../db/seed/catalogue'
import { URDU_CAPTIONS, URDU_DESCRIPTIONS, URDU_FEATURES, urduOfSeedProduct } from '../../db/seed/catalogue-ur'

const URDU_LETTERS = /[\u0600-\u06ff]/

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

	it('shows the Urdu features on Urdu pages, the English ones where there are none', () => {
		const withFeatures = { ...product, features: ['Works on Xbox and Windows PC', 'Replacement warranty'], featuresUr: ['Xbox اور Windows پی سی دونوں پر چلتا ہے', 'ریپلیسمنٹ وارنٹی'] }
		expect(localizeProduct(withFeatures, 'ur').features).toEqual(['Xbox اور Windows پی سی دونوں پر چلتا ہے', 'ریپلیسمنٹ وارنٹی'])
		expect(localizeProduct(withFeatures, 'en').features).toEqual(['Works on Xbox and Windows PC', 'Replacement warranty'])
		expect(localizeProduct({ ...withFeatures, featuresUr: [] }, 'ur').features).toEqual(['Works on Xbox and Windows PC', 'Replacement warranty'])
		expect(localizeProduct({ ...withFeatures, featuresUr: null }, 'ur').features).toEqual(['Works on Xbox and Windows PC', 'Replacement warranty'])
	})

	it('gives every built-in product its Urdu description and features, the brand names as brands write them', () => {
		for (const seeded of catalogue) {
			const urdu = urduOfSeedProduct(seeded)
			const shown = localizeProduct({ ...seeded, nameUr: null, ...urdu }, 'ur')
			expect(shown.name, `product ${seeded.id}`).toBe(seeded.name)
			expect(shown.description, `product ${seeded.id}`).toMatch(URDU_LETTERS)
			expect(shown.description, `product ${seeded.id}`).not.toBe(seeded.description)
			expect(shown.features, `product ${seeded.id}`).toHaveLength(seeded.features.length)
			// The card reads the caption's direction from its first letter: an Urdu one.
			expect(shown.caption.match(/[A-Za-z\u0600-\u06ff]/)?.[0], `product ${seeded.id}`).toMatch(URDU_LETTERS)
			for (const feature of shown.features) expect(feature, `product ${seeded.id}`).toMatch(URDU_LETTERS)
		}
		const gamePass = catalogue.find((p) => p.id === 1)!
		const shown = localizeProduct({ ...gamePass, nameUr: null, ...urduOfSeedProduct(gamePass) }, 'ur')
		expect(shown.name).toBe('Xbox Game Pass Ultimate (Console Edition)')
		expect(shown.description).toContain('آپ کے Xbox پر سینکڑوں گیمز')
		expect(shown.features).toContain('EA Play ممبرشپ شامل')
		// No Persian-style “از” phrasing in the shop's own Urdu.
		for (const text of [...Object.values(URDU_DESCRIPTIONS), ...Object.values(URDU_FEATURES), ...Object.values(URDU_CAPTIONS)]) expect(text).not.toMatch(/(^|\s)از\s/)
	})
})
