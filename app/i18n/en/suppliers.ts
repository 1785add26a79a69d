// English. Keys are shared with ur/suppliers.ts (the build checks both name the same keys and places).
// suppliers: why a unit bought from a wholesaler at payment failed or waits for staff (ADR-053),
// as the purchases list and the order's staff queue say it.
export default {
	'reason.gone': '{supplier} no longer sells this product ({product}).',
	'reason.short': '{supplier} has fewer units than asked ({product}).',
	'reason.price': '{supplier} asks more than {max} a unit for {product}, the most that leaves this option’s minimum margin of {margin}%.',
	'reason.balance': '{supplier} says the shop’s account cannot pay for {product}: add funds there, then retry.',
	'reason.refused': '{supplier} refused the order for {product}: {detail}',
	'reason.auth': '{supplier} refused the shop’s API key: connect the supplier again, then retry.',
	'reason.unavailable': '{supplier} did not answer after {attempts} tries: retry once it answers again.',
	'reason.keysShort': '{supplier} delivered {received} of {asked} codes within {minutes} minutes; the rest are owed by hand or after a retry.',
	'reason.noRate': '{supplier} prices in {currency} and the shop has no rupee rate for them, so the margin cannot be checked: set “{rate}” under Store details, Costs and fees, then retry.',
	'reason.simulator': '{supplier} is the built-in simulator, which sells no real codes on a live shop: connect a real supplier, then retry.',
	'reason.noSupplier': 'No supplier of this option is switched on.',
	'reason.loss': 'The option’s price leaves nothing to pay a supplier with after PayPro’s fee and the minimum margin of {margin}%.',
} as const
