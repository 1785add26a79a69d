import { describe, expect, test } from 'vitest'
import { readSource, sourceFiles } from './source-files'

// The catalogue is data the owner edits in the console: no component, route or domain file may
// single out a product by its id (what once did is now a setting on the product).

const FOLDERS = ['app/components', 'app/routes', 'app/domain']

/** Ways code names a product by id: links, cover files, comparisons, id lists and tables keyed by id, calls with a literal id. */
const PRODUCT_ID_PATTERNS: [string, RegExp][] = [
	['a link to a product by number', /\/product\/\d/],
	['a cover file by product number', /\/images\/products\/\d/],
	['an id compared with a number', /\b(?:id|productId|product\.id|item\.id|p\.id|i\.id|x\.id)\s*[!=]==?\s*\d+\b/],
	['a number compared with an id', /\b\d+\s*[!=]==?\s*(?:\w+\.)?(?:id|productId)\b/],
	['a list of product ids', /PRODUCT_IDS|\bproductIds?\s*=\s*\[\s*\d|new Set\(\s*\[\s*\d+\s*[,\]]/],
	['a component given a literal product id', /productId=\{\s*\d+\s*\}/],
	['a product looked up by a literal id', /\b(?:getProduct|listReviews|findProduct)\w*\(\s*[\w.()]+\s*,\s*\d+\s*\)/],
	['a table keyed by product id', /Record<number,[^>]*>\s*=\s*\{\s*\d+\s*:/],
	['a table keyed by product id', /^\s*\d+\s*:\s*[{'"`]/m],
]

function productIdsIn(source: string): string[] {
	return PRODUCT_ID_PATTERNS.flatMap(([what, pattern]) => {
		const match = pattern.exec(source)
		return match ? [`${what}: ${match[0].trim()}`] : []
	})
}

describe('no product id in code', () => {
	test.each([
		["<Link to=\"/product/10\">PC</Link>"],
		["image: '/images/products/1.webp',"],
		['if (product.id === 14) return'],
		['const GAME_PASS_PRODUCT_IDS = [1, 10]'],
		['const SUBSCRIPTION_PRODUCTS = new Set([10])'],
		['<ReviewsSection productId={1} />'],
		['await getProduct(db(), 1)'],
		["const LINKS: Record<number, string> = { 5: '/gta-v-content' }"],
		["const LINKS = {\n\t1: { to: '/game-pass-library' },\n}"],
	])('the check catches %s', (snippet) => {
		expect(productIdsIn(snippet)).not.toEqual([])
	})

	test.each([['[1, 2, 3, 4, 5].map((n) => n)'], ['months === 1'], ['d.months === 2'], ['`/product/${product.id}`'], ['page === 1']])('and lets %s through', (snippet) => {
		expect(productIdsIn(snippet)).toEqual([])
	})

	test.each(FOLDERS)('%s names no product by its id', (folder) => {
		const found = sourceFiles(folder).flatMap((file) => productIdsIn(readSource(file)).map((hit) => `${file}: ${hit}`))
		expect(found).toEqual([])
	})
})
