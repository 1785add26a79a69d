import type { MessageKey } from '../../i18n/catalogue'

// Paying an unpaid order again (ADR-012): where the page posts, and what a plain form comes back with.

/** Where the order page's "Continue to payment" / "Pay by transfer instead" form posts. */
export const payAgainPath = (orderNumber: string) => `/api/order/${encodeURIComponent(orderNumber)}/pay-again`

/** What a failed pay-again reads (its message's key). */
export const PAY_AGAIN_FAILED = 'order.payAgain.failed' satisfies MessageKey
