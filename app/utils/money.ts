import { westernDigits } from './digits'

// The one place a rupee amount becomes text: 'Rs. 1,200'.
// By hand rather than Intl.NumberFormat: the browser's first Intl call loads locale data, which
// cost a throttled phone ~70 ms of main thread before the page could respond.
export function formatRs(amount: number): string {
	const digits = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
	return `Rs. ${amount <= -0.5 ? '-' : ''}${digits}`
}

/** The spec's price parsing: every non-digit is stripped ('Rs. 1,200' → 1200). */
export function parsePriceText(text: string | number | null | undefined): number {
	if (typeof text === 'number') return text
	const digits = westernDigits(String(text ?? '')).replace(/\D/g, '')
	return digits ? Number(digits) : 0
}

// The shop's limits on money, the one place they are named: the forms, the console API, the checkout
// and the database's CHECKs (migration 0034) all read them from here.

/** The most one thing may cost: a price, an option, a cost, a coupon's rupees off, a refund, a DM order (Rs. 1 crore). */
export const MAX_PRICE = 10_000_000
/** The most one order (its lines, its total, a payment) may come to: ten times the dearest price, well inside a 32-bit integer. */
export const MAX_ORDER_TOTAL = 100_000_000
/** The most of one item a line of an order may hold (the spec's "At most 99 of one item per order"). */
export const MAX_QUANTITY = 99
/** The most a cost in US dollars may be, in cents (US$ 100,000). */
export const MAX_COST_US_CENTS = 10_000_000
