import { formatPakistanNumeric } from '~/utils/pakistan-time'
import type { Translate } from '~/i18n/catalogue'
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

/** §2: the prefilled WhatsApp message confirming a bank or wallet transfer, with the tracking link, in the page's language (`t`). */
export function transferMessage(input: TransferMessageInput, t: Translate): string {
	const { customer } = input
	return [
		t('checkout.transferChat.title'),
		'',
		t('checkout.transferChat.customer', { name: customer.name }),
		t('checkout.transferChat.email', { email: customer.email }),
		t('checkout.transferChat.phone', { phone: customer.phone }),
		'',
		t('checkout.transferChat.items'),
		...input.items.map(itemLine),
		'',
		t('checkout.transferChat.total', { amount: formatRs(input.total) }),
		'',
		t('checkout.transferChat.order', { orderNumber: input.orderNumber }),
		...(input.payproOrderId ? [t('checkout.transferChat.paypro', { id: input.payproOrderId })] : []),
		t('checkout.transferChat.date', { date: formatPakistanNumeric(input.date) }),
		'',
		t('checkout.transferChat.track', { url: input.trackingUrl }),
		'',
		t('checkout.transferChat.sent'),
	].join('\n')
}
