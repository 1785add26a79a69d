import { parsePriceText } from '../../utils/money'

export interface PricedLine {
	price: string | number
	quantity: number
	selectedDuration?: { price: number } | null
	selectedDenomination?: { price: number } | null
}

/** §9: the denomination price, else the duration price, else the price text with non-digits stripped. */
export function linePrice(line: PricedLine): number {
	if (line.selectedDenomination) return line.selectedDenomination.price
	if (line.selectedDuration) return line.selectedDuration.price
	return parsePriceText(line.price)
}

export function lineTotal(line: PricedLine): number {
	return linePrice(line) * line.quantity
}

export function orderTotal(lines: PricedLine[]): number {
	return lines.reduce((sum, line) => sum + lineTotal(line), 0)
}
