/** Where a buyer prints an order's receipt (the order page and My orders link to it). Browser-safe. */
export const receiptPath = (orderNumber: string) => `/receipt/${encodeURIComponent(orderNumber)}`
