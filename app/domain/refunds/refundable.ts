// What a refund may give back, computed from what each unit was sold for (ADR-039): the one place
// "left to refund" and "what these units are worth" are defined. refundOrder checks with it, the
// console shows it and its refund form totals the ticked units with it. Browser-safe.

/** An order line as sold: its units, its total after its discount (the order's code already split into lines), the units refunded. */
export interface SoldLine {
	quantity: number
	lineTotal: number
	refundedQuantity: number
}

/** What each unit of a line was sold for: its total in whole rupees, the first units taking the remainder, so they add up to it exactly. */
export function unitPrices(line: Pick<SoldLine, 'quantity' | 'lineTotal'>): number[] {
	if (line.quantity <= 0) return []
	const each = Math.floor(line.lineTotal / line.quantity)
	const extra = line.lineTotal - each * line.quantity
	return Array.from({ length: line.quantity }, (_, i) => each + (i < extra ? 1 : 0))
}

/** Units of the line not refunded yet. */
export const openUnits = (line: SoldLine) => Math.max(0, line.quantity - line.refundedQuantity)

const sum = (prices: number[]) => prices.reduce((s, p) => s + p, 0)

/** What the next `count` units refunded on a line are worth: its open units go from the last, so a line's refunds add up to its total. */
export function worthOfUnits(line: SoldLine, count: number): number {
	const open = openUnits(line)
	const n = Math.max(0, Math.min(count, open))
	return sum(unitPrices(line).slice(open - n, open))
}

/** A line's money: sold for (after its discount), the worth of its units refunded so far, and of those left. */
export function lineRefundable(line: SoldLine): { soldFor: number; refunded: number; left: number; open: number; lowest: number; highest: number } {
	const prices = unitPrices(line)
	const open = openUnits(line)
	const left = sum(prices.slice(0, open))
	return { soldFor: line.lineTotal, refunded: line.lineTotal - left, left, open, lowest: Math.min(...prices), highest: Math.max(...prices) }
}

/** The order's "left to refund": what was paid minus what was given back. */
export const leftToRefund = (order: { totalAmount: number; refundedAmount: number }) => Math.max(0, order.totalAmount - order.refundedAmount)

/**
 * The most a refund may give back: the worth of the units taken back, never more than is left on the
 * order (money refunded before without units comes off it); with no units, all that is left (money
 * alone: the units stay with the buyer). Asked counts past a line's open units count as its open units.
 */
export function refundFigure(left: number, lines: (SoldLine & { id: number })[], asked: { lineId: number; quantity: number }[]): number {
	if (asked.length === 0) return left
	const worth = asked.reduce((s, a) => {
		const line = lines.find((l) => l.id === a.lineId)
		return line ? s + worthOfUnits(line, a.quantity) : s
	}, 0)
	return Math.min(worth, left)
}
