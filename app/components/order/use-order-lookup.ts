import type { Translate } from '~/i18n/catalogue'
import { ORDER_LOOKUP_ATTEMPTS, fetchOrder, lookupDelay, notFoundMessage, type OrderLookup } from './fetch-order'

function wait(ms: number, signal: AbortSignal) {
	return new Promise<void>((resolve) => {
		const timer = setTimeout(resolve, ms)
		signal.addEventListener('abort', () => {
			clearTimeout(timer)
			resolve()
		})
	})
}

/**
 * When the loader found nothing but the order may still be being written (`retry`), keeps trying like
 * §7 call 7 (the last attempt a partial match): 'found' once the order is there (the page then asks its
 * loader for it), else the spec's message. Loaded only then, not with the order page.
 */
export async function lookAgain(lookup: OrderLookup, signal: AbortSignal, t: Translate): Promise<'found' | { error: string } | null> {
	let lastFailed = false
	for (let attempt = 2; attempt <= ORDER_LOOKUP_ATTEMPTS; attempt++) {
		await wait(lookupDelay(lookup), signal)
		if (signal.aborted) return null
		try {
			const next = await fetchOrder(lookup, { partial: attempt === ORDER_LOOKUP_ATTEMPTS, signal })
			if (next.order) return 'found'
			lastFailed = false
			// The server made the last attempt itself: nothing is being written that could be this order.
			if (!next.retry) break
		} catch {
			if (signal.aborted) return null
			lastFailed = true
		}
	}
	return { error: lastFailed ? t('order.fetchFailed') : notFoundMessage(lookup, t) }
}
