import crypto from 'node:crypto'
import type { Db } from '../../db/client.server'
import type { PayProClient } from '../../integrations/paypro/client.server'
import { logger } from '../../utils/logger.server'
import { confirmPayproPayment } from './confirm-paypro-payment.server'

export interface CallbackReply {
	StatusCode: '00' | '01' | '02' | '03'
	InvoiceID: string | null
	Description: string
}

const safeEqual = (a: string, b: string) => {
	const x = crypto.createHash('sha256').update(a).digest()
	const y = crypto.createHash('sha256').update(b).digest()
	return crypto.timingSafeEqual(x, y)
}

/** PayPro's UIS callback: username and password, then each listed invoice confirmed with the provider. */
export async function handlePayproCallback(
	db: Db,
	paypro: PayProClient,
	input: { username?: unknown; password?: unknown; csvinvoiceids?: unknown },
	expected: { username: string; password: string },
): Promise<CallbackReply[]> {
	const username = typeof input.username === 'string' ? input.username : ''
	const password = typeof input.password === 'string' ? input.password : ''
	if (!safeEqual(username, expected.username) || !safeEqual(password, expected.password)) {
		return [{ StatusCode: '01', InvoiceID: null, Description: 'Invalid Data. Username or password is invalid' }]
	}
	const ids = String(input.csvinvoiceids ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean)
		.slice(0, 100)
	if (ids.length === 0) return [{ StatusCode: '03', InvoiceID: null, Description: 'No records found.' }]

	const replies: CallbackReply[] = []
	for (const id of ids) {
		try {
			const outcome = await confirmPayproPayment(db, paypro, id)
			if (outcome === 'paid' || outcome === 'already-paid') {
				replies.push({ StatusCode: '00', InvoiceID: id, Description: 'Invoice successfully marked as paid' })
			} else {
				if (outcome !== 'not-found') logger.warn({ invoice: id, outcome }, 'PayPro callback for an order PayPro does not report as paid')
				replies.push({ StatusCode: '03', InvoiceID: id, Description: 'No records found.' })
			}
		} catch (error) {
			logger.error({ err: error, invoice: id }, 'PayPro callback could not confirm an invoice')
			replies.push({ StatusCode: '02', InvoiceID: id, Description: 'Service Failure' })
		}
	}
	return replies
}
