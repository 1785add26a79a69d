// §7 call 5 and §8: how the checkout page reads the server's answer.

export interface CheckoutAnswer {
	status?: string
	message?: string
	error?: string
	paymentUrl?: string
	orderNumber?: string
	totalAmount?: number
	paymentMethod?: 'paypro' | 'manual'
	/** Nothing to pay (a discount took the whole total): paid already; paymentUrl is the order's page. */
	settled?: boolean
	fieldErrors?: Record<string, string>
}

export type CheckoutOutcome =
	| { ok: true; orderNumber: string; totalAmount: number; paymentMethod: 'paypro'; paymentUrl: string }
	| { ok: true; orderNumber: string; totalAmount: number; paymentMethod: 'manual' }
	| { ok: false; message: string; fieldErrors?: Record<string, string> }

/** §8's sentences the page makes itself (the server's come in the buyer's language already): English unless given. */
export interface CheckoutWords {
	failed: string
	noPaymentUrl: string
	creationFailed: string
	requestFailed: (status: number, statusText: string) => string
}

const ENGLISH: CheckoutWords = {
	failed: 'Failed to create payment order',
	noPaymentUrl: 'Payment URL not received',
	creationFailed: 'Order creation failed',
	requestFailed: (status, statusText) => `Request failed: ${status} ${statusText}`,
}

export function readCheckoutAnswer(http: { ok: boolean; status: number; statusText: string }, body: CheckoutAnswer | null, words: CheckoutWords = ENGLISH): CheckoutOutcome {
	if (!http.ok) {
		const message = body?.error || words.requestFailed(http.status, http.statusText).trim() || words.creationFailed
		return { ok: false, message, fieldErrors: body?.fieldErrors }
	}
	if (!body) return { ok: false, message: words.creationFailed }
	if (body.status !== '00') return { ok: false, message: body.message || words.failed }
	// Settled (nothing to pay): straight on to the order's page, as after a payment.
	if (body.settled && body.paymentUrl) return { ok: true, orderNumber: body.orderNumber!, totalAmount: body.totalAmount ?? 0, paymentMethod: 'paypro', paymentUrl: body.paymentUrl }
	if (body.paymentMethod === 'manual') return { ok: true, orderNumber: body.orderNumber!, totalAmount: body.totalAmount ?? 0, paymentMethod: 'manual' }
	if (!body.paymentUrl) return { ok: false, message: words.noPaymentUrl }
	return { ok: true, orderNumber: body.orderNumber!, totalAmount: body.totalAmount ?? 0, paymentMethod: 'paypro', paymentUrl: body.paymentUrl }
}
