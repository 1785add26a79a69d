// DM orders with a duration (§5, §9): the subscription runs durationDays from the order's creation.

export const DAY_MS = 24 * 60 * 60 * 1000
export const DEFAULT_DM_DURATION_DAYS = 30

/** When the subscription ends; null when the order has no countdown (no duration, or 0 days). */
export function subscriptionEndsAt(createdAt: Date | string, durationDays: number | null | undefined): Date | null {
	if (!durationDays || durationDays <= 0) return null
	return new Date(new Date(createdAt).getTime() + durationDays * DAY_MS)
}

/** Whole days left, counting a started day as a day; 0 once it has ended. */
export function subscriptionDaysLeft(endsAt: Date | string, now: number = Date.now()): number {
	return Math.max(0, Math.ceil((new Date(endsAt).getTime() - now) / DAY_MS))
}

/** §5: a DM order runs for a number of days only for products set so (the Game Pass products): the product's own setting, never its name. */
export const hasSubscriptionDuration = (product: { hasDuration: boolean }) => product.hasDuration
