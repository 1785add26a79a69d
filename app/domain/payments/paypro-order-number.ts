// An order's first PayPro order carries the order number itself. PayPro answers a repeated number
// with the order it already holds, so a new attempt after a failed one gets its own number: the
// order number plus '-R' and a stamp. Our order numbers end in digits, so the suffix never clashes.

const RETRY_SUFFIX = /-R[0-9A-Z]+$/

/** The OrderNumber PayPro gets: the order's number, or for a new attempt that number with a stamp. */
export function payproOrderNumber(orderNumber: string, retryStamp: Date | null): string {
	return retryStamp ? `${orderNumber}-R${retryStamp.getTime().toString(36).toUpperCase()}` : orderNumber
}

/** Our order number for an invoice id PayPro reports (its callback lists the OrderNumbers we sent). */
export function shopOrderNumberOf(invoiceId: string): string {
	return invoiceId.replace(RETRY_SUFFIX, '')
}
