import type { CartItem } from '~/domain/cart/cart'
import { boughtNowItems } from '~/domain/cart/to-cart-item'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import type { Denomination, DurationOption, Product } from '~/domain/catalogue/types'
import type { AccountType } from '~/domain/pricing/product-options'
import type { FullOrderView } from '~/domain/orders/order-view'

/** What checkout hands to /payment-details after it created a manual-transfer order. */
export interface PaymentDetailsState {
	orderType: 'single' | 'cart'
	product?: Product
	selectedDuration?: DurationOption
	selectedDenomination?: Denomination
	selectedAccountType?: AccountType
	cartItems?: CartItem[]
	customerInfo: { name: string; email: string; phone: string }
	/** The order's total as the server priced it, in rupees. */
	amount: number
	/** What a discount code took off (already out of `amount`). */
	discount?: number
	totalItems: number
	orderNumber: string
	payproOrderId?: string
}

const isText = (v: unknown): v is string => typeof v === 'string'

/** The navigation state if it describes an order this page can show, else null ('Invalid access'). */
export function readPaymentDetailsState(value: unknown): PaymentDetailsState | null {
	if (typeof value !== 'object' || value === null) return null
	const s = value as Partial<PaymentDetailsState>
	const customer = s.customerInfo
	if (s.orderType !== 'single' && s.orderType !== 'cart') return null
	if (!isText(s.orderNumber) || !s.orderNumber) return null
	if (typeof s.amount !== 'number' || !Number.isFinite(s.amount)) return null
	if (!customer || !isText(customer.name) || !isText(customer.email) || !isText(customer.phone)) return null
	if (paymentItems(s as PaymentDetailsState).length === 0) return null
	return s as PaymentDetailsState
}

/** The lines of the order: the cart's items, or the one product bought now. */
export function paymentItems(state: Pick<PaymentDetailsState, 'cartItems' | 'product' | 'selectedDuration' | 'selectedDenomination' | 'selectedAccountType'>): CartItem[] {
	if (Array.isArray(state.cartItems) && state.cartItems.length > 0) return state.cartItems
	return boughtNowItems(state)
}

/** 'Back to Checkout' returns what checkout was given: the product bought now, or the cart. */
export function checkoutStateFor(state: PaymentDetailsState): CheckoutState {
	if (state.orderType === 'single' && state.product) {
		return {
			product: state.product,
			...(state.selectedDuration ? { selectedDuration: state.selectedDuration } : {}),
			...(state.selectedDenomination ? { selectedDenomination: state.selectedDenomination } : {}),
			...(state.selectedAccountType ? { selectedAccountType: state.selectedAccountType } : {}),
		}
	}
	return { cartItems: paymentItems(state) }
}

/** 'Pay by transfer instead' on the order page: the transfer page for that same order, its lines as stored. */
export function paymentDetailsStateForOrder(order: FullOrderView): PaymentDetailsState {
	const cartItems: CartItem[] = order.items.map((line) => ({
		id: line.id,
		name: line.name,
		image: line.image,
		price: line.price,
		originalPrice: line.originalPrice || null,
		quantity: line.quantity,
		variantId: line.variantId ?? null,
		...(line.selectedDuration ? { selectedDuration: line.selectedDuration } : {}),
		...(line.selectedDenomination ? { selectedDenomination: line.selectedDenomination } : {}),
		...(line.selectedAccountType ? { selectedAccountType: line.selectedAccountType } : {}),
	}))
	return {
		orderType: 'cart',
		cartItems,
		customerInfo: { name: order.customerName, email: order.customerEmail ?? '', phone: order.customerPhone ?? '' },
		amount: order.totalAmount,
		totalItems: cartItems.reduce((n, i) => n + i.quantity, 0),
		orderNumber: order.orderNumber,
	}
}
