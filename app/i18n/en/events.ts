// English. Keys are shared with ur/events.ts (the build checks both name the same keys and places).
// events: an order's timeline in the console, one line per event (app/domain/orders/order-timeline.server.ts).
export default {
	'title': 'Timeline',
	'placed': 'Order placed',
	'by.buyer': 'Buyer',
	'by.provider': 'PayPro',
	'by.shop': 'The shop',
	// Payment moves (app/domain/orders/order-state.ts)
	'uploadReceipt': 'Transfer receipt uploaded',
	'confirmByProvider': 'Paid online (PayPro confirmed)',
	'settle': 'Settled: nothing to pay',
	'confirmByStaff': 'Marked paid by staff',
	'confirmTransfer': 'Transfer confirmed',
	'failByProvider': 'Online payment failed',
	'rejectTransfer': 'Transfer rejected',
	'reopenTransfer': 'Transfer reopened: the receipt waits for review again',
	'expire': 'Expired unpaid',
	'payAgain': 'Payment started again',
	'cancel': 'Cancelled',
	'payAfterCancel': 'Payment arrived after the cancel: kept',
	'reinstate': 'Reinstated: paid',
	'refundPart': 'Refunded in part',
	'refund': 'Refunded in full',
	// Delivery moves
	'prepare': 'Delivery started',
	'activate': 'Activating',
	'readyForDelivery': 'Ready for delivery',
	'deliver': 'Delivered',
	'complete': 'Delivery completed',
	// Other events
	'deliveryChanged': 'Delivery updated',
	'unitReplaced': 'Delivered unit replaced',
	'testApproved': 'Test order approved',
	'methodChanged': 'Payment method changed',
	'claimOpened': 'The buyer reported a unit that does not work',
	'claimAnswered': 'Report answered',
	// What an event says beside its name
	'fact.amount': 'Amount: {amount}',
	'fact.reason': 'Reason: {reason}',
	'fact.taken': 'Units from stock: {count}',
	'fact.owed': 'Still owed from stock: {count}',
} as const
