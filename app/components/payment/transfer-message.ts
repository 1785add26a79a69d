import { formatPakistanNumeric } from '~/utils/pakistan-time'
import { linePrice, type CartItem } from '~/domain/cart/cart'
import { formatRs } from '~/utils/money'
import { accountTypeLabel } from '~/domain/pricing/account-type-label'

export const NO_RECEIPT_MESSAGE = 'Please upload your payment receipt screenshot first.'

export interface TransferMessageInput {
	customer: { name: string; email: string; phone: string }
	items: Pick<CartItem, 'name' | 'price' | 'quantity' | 'selectedDuration' | 'selectedDenomination' | 'selectedAccountType'>[]
	/** The order's total as the server priced it. */
	total: number
	orderNumber: string
	payproOrderId?: string | null
	date: Date
	trackingUrl: string
}

/** The order page a buyer (and staff) can open from the chat. */
export function orderTrackingUrl(origin: string, orderNumber: string) {
	return `${origin}/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`
}

function itemLine(item: TransferMessageInput['items'][number], index: number) {
	const options = [
		item.selectedDuration?.label,
		item.selectedDenomination?.label,
		accountTypeLabel(item.selectedAccountType),
	].filter(Boolean)
	const detail = options.length ? ` (${options.join(', ')})` : ''
	return `${index + 1}. ${item.name}${detail} - ${formatRs(linePrice(item))} × ${item.quantity}`
}

/** §2: the prefilled WhatsApp message confirming a bank or wallet transfer, with the tracking link. */
export function transferMessage(input: TransferMessageInput): string {
	const { customer } = input
	return [
		'*Payment Confirmation*',
		'',
		`Customer: ${customer.name}`,
		`Email: ${customer.email}`,
		`Phone: ${customer.phone}`,
		'',
		'*Items:*',
		...input.items.map(itemLine),
		'',
		`*Total: ${formatRs(input.total)}*`,
		'',
		`Order ID: ${input.orderNumber}`,
		...(input.payproOrderId ? [`PayPro Order ID: ${input.payproOrderId}`] : []),
		`Date: ${formatPakistanNumeric(input.date)}`,
		'',
		`Track my order: ${input.trackingUrl}`,
		'',
		'I have sent the payment and uploaded the receipt on the order page.',
	].join('\n')
}
