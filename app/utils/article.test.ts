import { describe, expect, it } from 'vitest'
import { customValueQuote } from './chat'
import { translator } from '../i18n/messages.server'
import { withArticle } from './article'

describe('a or an', () => {
	it('says “an” before a vowel sound and “a” before a consonant sound, names read letter by letter included', () => {
		expect(
			['Xbox Gift Card', 'PlayStation Gift Card', 'Steam Wallet Code', 'owner', 'staff', 'EA Play', 'FC Points', 'Elden Ring', 'Uncharted', 'Ultimate pass', 'unique code', 'hour', 'GTA V key', 'MLB The Show', 'Hogwarts Legacy', 'ID'].map(withArticle),
		).toEqual([
			'an Xbox Gift Card',
			'a PlayStation Gift Card',
			'a Steam Wallet Code',
			'an owner',
			'a staff',
			'an EA Play',
			'an FC Points',
			'an Elden Ring',
			'an Uncharted',
			'an Ultimate pass',
			'a unique code',
			'an hour',
			'a GTA V key',
			'an MLB The Show',
			'a Hogwarts Legacy',
			'an ID',
		])
	})

	it('asks for a quote for “an Xbox Gift Card”', () => {
		expect(customValueQuote(translator('en'), 'en', 'Xbox Gift Card', '$20-$50')).toBe("Hi! I'd like a quote for an Xbox Gift Card in the $20-$50 range.")
		// Urdu has no article: the name as written, the words in Urdu.
		expect(customValueQuote(translator('ur'), 'ur', 'Xbox Gift Card', '$20-$50')).toBe('السلام علیکم! مجھے $20-$50 کی رینج میں Xbox Gift Card چاہیے، قیمت بتا دیں۔')
	})
})
