import { KIND_LABELS, PLATFORM_LABELS } from './product-form'
import type { Category, ProductKind } from './types'

export { MAX_PRODUCT_SEARCH_LENGTH, parseProductSearch } from './product-search-query'

// The storefront's product search (`/products?q=`): what a buyer types, matched against what the
// shop calls its products. Case, accents, punctuation and spacing do not matter ("vbucks" finds
// "V-Bucks", "ps5" finds "(PS5)"); every word typed must match; the short names buyers use for
// long titles ("gta", "cod", "psn") find them.

export interface SearchableProduct {
	name: string
	caption: string
	category: Category
	kind?: ProductKind
}

/** Short names buyers type for what the catalogue spells out. */
const ALSO_KNOWN_AS: [phrase: string, aliases: string[]][] = [
	['grand theft auto', ['gta']],
	['grand theft auto v', ['gtav', 'gta5', '5']],
	['call of duty', ['cod']],
	['playstation', ['ps', 'psn', 'sony']],
	['game pass', ['gamepass', 'gp']],
	['red dead redemption', ['rdr']],
	['counter strike', ['cs', 'csgo']],
	['ea sports fc', ['fifa']],
	['xbox', ['microsoft']],
	['gift card', ['voucher']],
]

/** Lower case, accents off, anything but letters, digits and $ as a space. */
function normalise(text: string): string {
	return ` ${text
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}$]+/gu, ' ')
		.trim()} `
}

function haystackOf(product: SearchableProduct): { text: string; compact: string; name: string } {
	const parts = [product.name, product.caption, PLATFORM_LABELS[product.category] ?? '', product.kind ? KIND_LABELS[product.kind] : '']
	let text = normalise(parts.join(' '))
	for (const [phrase, aliases] of ALSO_KNOWN_AS) if (text.includes(` ${phrase} `)) text += `${aliases.join(' ')} `
	return { text, compact: text.replace(/ /g, ''), name: normalise(product.name) }
}

/** A typed word matches the start of a word, or anywhere once spaces are ignored ("vbucks", "ps5"); "cards" finds "card". */
function wordMatches(word: string, text: string, compact: string): boolean {
	const forms = word.length > 3 && word.endsWith('s') ? [word, word.slice(0, -1)] : [word]
	return forms.some((w) => text.includes(` ${w}`) || (w.length > 2 && compact.includes(w)))
}

/**
 * The products matching every word of `query`, in the shop's order, those whose name matches every
 * word first. An empty query returns them all.
 */
export function searchProducts<T extends SearchableProduct>(products: T[], query: string): T[] {
	const words = normalise(query).split(' ').filter(Boolean)
	if (words.length === 0) return products
	const byName: T[] = []
	const byOther: T[] = []
	for (const product of products) {
		const { text, compact, name } = haystackOf(product)
		if (!words.every((w) => wordMatches(w, text, compact))) continue
		const nameCompact = name.replace(/ /g, '')
		if (words.every((w) => wordMatches(w, name, nameCompact))) byName.push(product)
		else byOther.push(product)
	}
	return [...byName, ...byOther]
}
