// Apart from checkout-query.ts so that the product page's Buy Now form gets the names without the
// checkout's messages and order-again links (issue 20).

/** The Buy Now form's field names (product page) and the checkout address's. */
export const BUY_FIELDS = { product: 'product', duration: 'duration', value: 'value', accountType: 'accountType', terms: 'terms', renew: 'renew', line: 'line' } as const
