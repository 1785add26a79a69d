import type { CartItem } from '~/domain/cart/cart'
import { MAX_PRICED_LINES, type CartLinePrice, type CartPricesAnswer } from '~/domain/cart/cart-prices'
import { toCheckoutLines } from '~/domain/orders/to-checkout-lines'
import type { Lang } from '~/i18n/lang'

/**
 * The server's prices now for these lines (the first 50, as an order holds), one answer per line in
 * order; null when the shop could not be asked (offline, an error): the lines keep their prices and
 * checkout still charges the server's.
 */
export async function fetchCartPrices(items: CartItem[], lang: Lang): Promise<{ lines: CartItem[]; prices: CartLinePrice[] } | null> {
	const lines = items.slice(0, MAX_PRICED_LINES)
	if (lines.length === 0) return null
	try {
		const res = await fetch('/api/cart/prices', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			// Why a line can no longer be bought comes back in the page's language.
			body: JSON.stringify({ lines: toCheckoutLines(lines), lang }),
		})
		const body = res.ok ? ((await res.json()) as CartPricesAnswer) : null
		return body && Array.isArray(body.lines) && body.lines.length === lines.length ? { lines, prices: body.lines } : null
	} catch {
		return null
	}
}
