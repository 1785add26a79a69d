// The events a staff member may be alerted of (issue 24, "Alerts"), in the order the console lists them.
export const ALERT_EVENTS = ['hand-delivery', 'transfer-receipt', 'paid-after-cancel', 'stock-out', 'stock-low', 'stock-queue', 'refund', 'failed-work', 'contact-message', 'supplier'] as const
export type AlertEvent = (typeof ALERT_EVENTS)[number]

export const ALERT_EVENT_LABELS: Record<AlertEvent, string> = {
	'hand-delivery': 'A paid order needs delivering by hand, or its purchase from a supplier waits for you',
	'transfer-receipt': 'A transfer receipt is waiting',
	'paid-after-cancel': 'An order was paid after its cancel',
	'stock-out': 'An option ran out of stock',
	'stock-low': 'Stock is low',
	'stock-queue': 'A paid order waits for stock',
	refund: 'A refund was given',
	'failed-work': 'An email or background job failed',
	'contact-message': 'A new contact message arrived',
	supplier: 'A supplier’s balance runs low, or it stopped selling a product an option buys',
}

/**
 * What the owner receives by email until they save their alerts (ADR-047): the events that wait for a
 * person. Other staff receive nothing until they choose.
 */
export const OWNER_DEFAULT_EVENTS: readonly AlertEvent[] = ['transfer-receipt', 'hand-delivery', 'paid-after-cancel', 'stock-out', 'failed-work', 'contact-message']

export const isAlertEvent = (value: string): value is AlertEvent => (ALERT_EVENTS as readonly string[]).includes(value)

/** 'a***@example.pk': enough for staff to recognise a buyer, never their full address. */
export function maskEmail(email: string | null | undefined): string {
	if (!email) return ''
	const at = email.lastIndexOf('@')
	if (at < 1) return '***'
	return `${email[0]}***${email.slice(at)}`
}
