// Paying an unpaid order again (ADR-012): where the page posts, and what a plain form comes back with.

/** Where the order page's "Continue to payment" / "Pay by transfer instead" form posts. */
export const payAgainPath = (orderNumber: string) => `/api/order/${encodeURIComponent(orderNumber)}/pay-again`

export const PAY_AGAIN_FAILED = 'Could not start a new payment for this order. Please try again in a minute.'
