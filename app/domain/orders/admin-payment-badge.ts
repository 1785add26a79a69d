import type { BadgeTone } from './status'

// §4: the staff console knows four payment statuses; any other shows grey, as written.
const KNOWN: Record<string, { label: string; tone: BadgeTone }> = {
	completed: { label: 'Completed', tone: 'success' },
	failed: { label: 'Failed', tone: 'danger' },
	payment_pending: { label: 'Payment Pending', tone: 'warning' },
	pending: { label: 'Pending', tone: 'warning' },
}

export function adminPaymentBadge(status: string | null | undefined): { label: string; tone: BadgeTone } {
	const s = (status ?? '').toLowerCase()
	const text = s.replace(/_/g, ' ')
	return KNOWN[s] ?? { label: text ? text[0]!.toUpperCase() + text.slice(1) : 'Unknown', tone: 'neutral' }
}
