// The one place a rupee amount becomes text: 'Rs. 1,200'.
const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

export function formatRs(amount: number): string {
	return `Rs. ${grouping.format(amount)}`
}

/** The spec's price parsing: every non-digit is stripped ('Rs. 1,200' → 1200). */
export function parsePriceText(text: string | number | null | undefined): number {
	if (typeof text === 'number') return text
	const digits = String(text ?? '').replace(/\D/g, '')
	return digits ? Number(digits) : 0
}
