// What is left to pay on an order once its store credit is counted (ADR-051): the total less the credit
// spent when it was placed. PayPro is asked for this, a transfer sends this, the emails and the order page
// say this. Browser-safe.

/** Rupees to pay online or by transfer: the order's total less the store credit it spent. */
export const amountDue = (order: { totalAmount: number; creditUsed?: number | null }): number => Math.max(0, order.totalAmount - (order.creditUsed ?? 0))
