// §7 call 5 and §8: how the checkout page reads the server's answer.

export interface CheckoutAnswer {
	status?: string
	message?: string
	error?: string
	paymentUrl?: string
	orderNumber?: string
	totalAmount?: number
	paymentMethod?: 'paypro' | 'manual'
	fieldErrors?: Record<string, string>
}

export type CheckoutOutcome =
	| { ok: true; orderNumber: string; totalAmount: number; paymentMethod: 'paypro'; paymentUrl: string }
	| { ok: true; orderNumber: string; totalAmount: number; paymentMethod: 'manual' }
	| { ok: false; message: string; fieldErrors?: Record<string, string> }

export function readCheckoutAnswer(http: { ok: boolean; status: number; statusText: string }, body: CheckoutAnswer | null): CheckoutOutcome {
	if (!http.ok) {
		const message = body?.error || `Request failed: ${http.status} ${http.statusText}`.trim() || 'Order creation failed'
		return { ok: false, message, fieldErrors: body?.fieldErrors }
	}
	if (!body) return { ok: false, message: 'Order creation failed' }
	if (body.status !== '00') return { ok: false, message: body.message || 'Failed to create payment order' }
	if (body.paymentMethod === 'manual') return { ok: true, orderNumber: body.orderNumber!, totalAmount: body.totalAmount ?? 0, paymentMethod: 'manual' }
	if (!body.paymentUrl) return { ok: false, message: 'Payment URL not received' }
	return { ok: true, orderNumber: body.orderNumber!, totalAmount: body.totalAmount ?? 0, paymentMethod: 'paypro', paymentUrl: body.paymentUrl }
}
