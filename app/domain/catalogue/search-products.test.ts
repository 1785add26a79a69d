import { describe, expect, it } from 'vitest'
import { parseProductSearch, searchProducts, type SearchableProduct } from './search-products'

const p = (name: string, category: SearchableProduct['category'], caption = '', kind: SearchableProduct['kind'] = 'game_key'): SearchableProduct => ({ name, caption, category, kind })

const CATALOGUE = [
	p('Xbox Game Pass Ultimate (Console Edition)', 'xbox', 'Best-seller · 1-2 months or custom', 'subscription'),
	p('Grand Theft Auto V: Premium Edition', 'xbox', 'Premium Edition · Starter Pack included'),
	p('PlayStation Plus Essential', 'playstation', 'Online play · 1-12 months', 'subscription'),
	p('Steam Wallet Gift Card', 'pc', 'Top up your wallet', 'gift_card'),
	p('Fortnite V-Bucks (Xbox)', 'xbox', 'In-game currency', 'content_pack'),
	p('God of War Ragnarök Account (PS5)', 'playstation', 'Full game on a PS5 account', 'account'),
	p('Call of Duty Points (PlayStation)', 'playstation', 'COD Points', 'content_pack'),
	p('PC Game Pass', 'pc', 'Hundreds of PC games', 'subscription'),
]
const names = (q: string) => searchProducts(CATALOGUE, q).map((x) => x.name)

describe('product search', () => {
	it('matches names whatever the case, and every word typed must match', () => {
		expect(names('GAME pass')).toEqual(['Xbox Game Pass Ultimate (Console Edition)', 'PC Game Pass'])
		expect(names('game pass pc')).toEqual(['PC Game Pass'])
		expect(names('playstation plus')).toEqual(['PlayStation Plus Essential'])
	})

	it('ignores punctuation, spaces and accents: "vbucks", "ps5", "ragnarok", "gamepass"', () => {
		expect(names('vbucks')).toEqual(['Fortnite V-Bucks (Xbox)'])
		expect(names('v bucks')).toEqual(['Fortnite V-Bucks (Xbox)'])
		expect(names('ps5')).toEqual(['God of War Ragnarök Account (PS5)'])
		expect(names('ragnarok')).toEqual(['God of War Ragnarök Account (PS5)'])
		expect(names('gamepass')).toEqual(['Xbox Game Pass Ultimate (Console Edition)', 'PC Game Pass'])
	})

	it('finds the short names buyers use, platforms and kinds, plurals', () => {
		expect(names('gta')).toEqual(['Grand Theft Auto V: Premium Edition'])
		expect(names('gta 5')).toEqual(['Grand Theft Auto V: Premium Edition'])
		expect(names('gtav')).toEqual(['Grand Theft Auto V: Premium Edition'])
		expect(names('cod points')).toEqual(['Call of Duty Points (PlayStation)'])
		expect(names('gift cards')).toEqual(['Steam Wallet Gift Card'])
		expect(names('ps account')).toEqual(['God of War Ragnarök Account (PS5)'])
		// The platform a product is filed under, with products named for it first.
		expect(names('playstation')).toEqual(['PlayStation Plus Essential', 'Call of Duty Points (PlayStation)', 'God of War Ragnarök Account (PS5)'])
	})

	it('an empty query keeps every product in the shop’s order; nonsense finds none', () => {
		expect(names('  ')).toHaveLength(CATALOGUE.length)
		expect(names('zzzz qqq')).toEqual([])
		expect(names('%_*')).toHaveLength(CATALOGUE.length)
	})

	it('keeps the typed query trimmed, single-spaced and short', () => {
		expect(parseProductSearch('  gta   v ')).toBe('gta v')
		expect(parseProductSearch(null)).toBe('')
		expect(parseProductSearch('x'.repeat(500))).toHaveLength(80)
	})
})
