import type { PaymentReminderSettings } from '../settings/store-details'

// Reminders to pay (issue 34): an online order left unpaid, or a transfer without its receipt, is
// reminded at the owner's times after it was placed (store settings, 0 sends none), each reminder once.
// Browser-safe: the rule alone; the sweep that sends them is payment-reminders.server.ts.

export const PAYMENT_REMINDER_KINDS = ['first', 'second'] as const
export type PaymentReminderKind = (typeof PAYMENT_REMINDER_KINDS)[number]

const MINUTE_MS = 60_000

/** When each reminder of an order placed at `placedAt` is due (null: the owner turned it off). */
export function paymentReminderTimes(placedAt: Date, settings: PaymentReminderSettings): Record<PaymentReminderKind, Date | null> {
	const at = (minutes: number) => (minutes > 0 ? new Date(placedAt.getTime() + minutes * MINUTE_MS) : null)
	return { first: at(settings.firstAfterMinutes), second: at(settings.secondAfterHours * 60) }
}

/**
 * The reminder due now for an order placed at `placedAt`, or null: the later one once its time has come
 * (a first reminder missed until then is not sent as well), else the first once its time has come.
 */
export function paymentReminderDue(placedAt: Date, settings: PaymentReminderSettings, now: number): PaymentReminderKind | null {
	const times = paymentReminderTimes(placedAt, settings)
	if (times.second && now >= times.second.getTime()) return 'second'
	if (times.first && now >= times.first.getTime()) return 'first'
	return null
}

/** The earliest reminder time the owner set, in minutes (null: both off): orders younger than it need none yet. */
export function firstReminderMinutes(settings: PaymentReminderSettings): number | null {
	const times = [settings.firstAfterMinutes, settings.secondAfterHours * 60].filter((m) => m > 0)
	return times.length ? Math.min(...times) : null
}

/** One email, push and WhatsApp message per order per reminder, ever. */
export const paymentReminderKey = (orderNumber: string, kind: PaymentReminderKind) => `payment-reminder:${orderNumber}:${kind}`
