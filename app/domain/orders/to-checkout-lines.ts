import type { CartItem } from '../cart/cart'
import type { CheckoutLine } from './checkout-input'

/** The request lines: what was chosen (and the option's id when known), never a price (the server prices the order). */
export function toCheckoutLines(items: CartItem[]): CheckoutLine[] {
	return items.map((i) => ({
		id: i.id,
		quantity: i.quantity,
		selectedDuration: i.selectedDuration ? { label: i.selectedDuration.label, months: i.selectedDuration.months } : null,
		selectedDenomination: i.selectedDenomination ? { label: i.selectedDenomination.label, value: i.selectedDenomination.value } : null,
		selectedAccountType: i.selectedAccountType ?? null,
		...(i.variantId ? { variantId: i.variantId } : {}),
	}))
}
