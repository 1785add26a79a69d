/** §9: {product}-{timestamp}-{random 0-999}; the product part is a short code of the first item's name. */
export function makeOrderNumber(firstItemName: string, lineCount: number, now = Date.now(), random = Math.random()): string {
	const words = firstItemName.replace(/[^A-Za-z0-9 ]/g, ' ').split(/\s+/).filter(Boolean)
	const code = lineCount > 1 ? 'CART' : words.map((w) => w[0]!.toUpperCase()).join('').slice(0, 4) || 'ORD'
	return `${code}-${now}-${Math.floor(random * 1000)}`
}
