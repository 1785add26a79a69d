// English. Keys are shared with ur/whatsapp.ts (the build checks both name the same keys and places).
// whatsapp: what happened to an order, the middle value of the WhatsApp template a buyer who asked for
// updates receives (ADR-035); the order number and the order page's link are the template's own values.
// Server only: never a code, a login or staff's notes.
export default {
	'paid': 'Your payment is received. We are preparing your order now.',
	'delivered': 'Your order is ready. Open the order page to see it.',
	'claimAnswered': 'We answered your report about an item on your order. Open the order page to see why.',
	'replaced': 'We replaced an item on your order. Open the order page to see the new one.',
	'refunded': '{amount} was refunded to you.',
	'transferRejected': 'We could not confirm your transfer. Open the order page to see why.',
	'cancelled': 'Your order was cancelled.',
	'paymentReminder': 'Your order is not paid yet. Open the order page to pay or to choose another way.',
	'test': 'This is a test message from {store}: order updates on WhatsApp are working.',
} as const
