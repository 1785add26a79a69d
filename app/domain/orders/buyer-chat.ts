import { chatLink } from '../../utils/chat'
import { whatsappDigits } from '../settings/store-details'

/**
 * Staff message a buyer on WhatsApp from the order: wa.me with the buyer's phone as 92…, the
 * message naming the order. Null when the phone is not a Pakistani mobile (WhatsApp needs one).
 */
export function buyerChatLink(order: { customerPhone: string | null; customerName: string | null; orderNumber: string }, storeName: string): string | null {
	const digits = order.customerPhone ? whatsappDigits(order.customerPhone) : null
	if (!digits) return null
	const firstName = order.customerName?.trim().split(/\s+/)[0]
	return chatLink(digits, `Hi${firstName ? ` ${firstName}` : ''}, this is ${storeName} about your order ${order.orderNumber}.`)
}
