/** How many items the cart holds, and the header badge's text for it. Apart from the rest of the cart:
 *  every page's header shows the badge, and the rest loads only once the cart is opened or changed. */
export const cartCount = (items: readonly { quantity: number }[]) => items.reduce((n, i) => n + i.quantity, 0)
export const cartBadge = (count: number) => (count > 99 ? '99+' : String(count))

/** The saved cart's lines as stored (a list, or an object with `items`); throws when it is not a cart. */
export function storedLines(raw: string): unknown[] {
	const value: unknown = JSON.parse(raw)
	const items = Array.isArray(value) ? value : (value as { items?: unknown } | null)?.items
	if (!Array.isArray(items)) throw new Error('stored cart is not a list')
	return items
}

/** The items a saved line counts for: its whole quantity, on a line with an id and a name; 0 for what is not a line. */
export function storedQuantity(i: unknown): number {
	if (typeof i !== 'object' || i === null) return 0
	const { id, name, quantity } = i as Record<string, unknown>
	return typeof id === 'number' && typeof name === 'string' && typeof quantity === 'number' && Number.isFinite(quantity) && quantity >= 1 ? Math.floor(quantity) : 0
}

/**
 * The badge's count for a saved cart before its lines are read with the cart's rules (when it is opened
 * or changed). Reading them also drops a line without a price, which only a tampered cart holds.
 */
export function savedCartCount(raw: string): number {
	try {
		return storedLines(raw).reduce((n: number, line) => n + storedQuantity(line), 0)
	} catch {
		return 0
	}
}
