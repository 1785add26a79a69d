import { z } from 'zod'
import { PAYMENT_STATES } from '../../db/order-states'
import { cancelInput, REFUND_METHODS, refundInput } from '../../domain/refunds/refund-input'
import { textSchema } from '../../utils/input'
import { reopenTransferInput } from '../../domain/payments/staff-note'
import { defineContract, type AdminContract } from '../admin-contract'

// Staff's part in an order's money (issue 23): cancelling an order not paid, refunding a paid one, and
// keeping a payment that came after a cancel.

const orderParams = z.object({ orderNumber: textSchema().pipe(z.string().min(1, 'Order not found.').max(100, 'Order not found.')) })

export const cancelOrderContract = defineContract({
	method: 'POST',
	path: '/api/admin/orders/{orderNumber}/cancel',
	summary:
		'Cancel an order not paid yet, with a reason the buyer reads (order page, live, and an email); its payment link stops working. A PayPro payment that still arrives is kept as "paid after cancel". 409 when the order is paid. Audited.',
	tag: 'Orders',
	permission: 'staff',
	scope: 'dm-orders',
	params: orderParams,
	body: cancelInput,
	response: z.object({ orderNumber: z.string(), paymentStatus: z.enum(PAYMENT_STATES), cancelReason: z.string() }),
})

const refundLine = z.object({ lineId: z.number().int(), quantity: z.number().int(), undelivered: z.number().int().describe('Owed, no longer delivered'), returned: z.number().int().describe('Delivered, back in stock'), voided: z.number().int().describe('Delivered, voided') })

export const refundOrderContract = defineContract({
	method: 'POST',
	path: '/api/admin/orders/{orderNumber}/refunds',
	summary:
		'Give money back on a paid order (or one paid after its cancel), in full or for some lines. The amount is at most what the units named were sold for after their discount (each unit its share of its line total), and never more than was paid minus earlier refunds (400 with a sentence past either); left out, it is that figure. With no lines it is money alone, up to all that is left. Units of the lines named that are not delivered yet are owed no more; delivered ones are voided, or returned to stock when the buyer never opened them and `units` is "return". The buyer sees "Refunded" or "Partly refunded" live and is emailed. Audited.',
	tag: 'Orders',
	permission: 'refunds',
	scope: 'refunds',
	params: orderParams,
	body: refundInput,
	response: z.object({
		id: z.number().int(),
		orderNumber: z.string(),
		amount: z.number().int(),
		method: z.enum(REFUND_METHODS),
		reference: z.string().nullable(),
		reason: z.string(),
		paymentStatus: z.enum(PAYMENT_STATES),
		refundedAmount: z.number().int().describe('Refunded on the order in all'),
		refundable: z.number().int().describe('What is left to refund: paid minus refunded'),
		lines: z.array(refundLine),
		createdAt: z.string(),
	}),
	status: 201,
})

export const reinstateOrderContract = defineContract({
	method: 'POST',
	path: '/api/admin/orders/{orderNumber}/reinstate',
	summary: 'Keep a payment that arrived after the order was cancelled: the order becomes paid and is delivered (from stock at once) as any paid order. 409 unless it is paid after cancel. Audited.',
	tag: 'Orders',
	permission: 'refunds',
	scope: 'refunds',
	params: orderParams,
	body: z.object({ note: textSchema().pipe(z.string().max(500)).optional() }).strict().optional(),
	response: z.object({ orderNumber: z.string(), paymentStatus: z.enum(PAYMENT_STATES) }),
})

export const reopenTransferContract = defineContract({
	method: 'POST',
	path: '/api/admin/orders/{orderNumber}/reopen-transfer',
	summary:
		'Take back the rejection of a bank transfer (the money turned up after all), with a note for the audit log: the receipt waits for review again (awaiting confirmation), the buyer\'s open page says so, and staff confirm it as any other transfer. 409 unless the order is a transfer whose receipt was rejected. Audited.',
	tag: 'Orders',
	permission: 'staff',
	scope: 'dm-orders',
	params: orderParams,
	body: reopenTransferInput.strict(),
	response: z.object({ orderNumber: z.string(), paymentStatus: z.enum(PAYMENT_STATES) }),
})

const at = z.string().describe('ISO instant')
const maybeAt = at.nullable()

export const orderEvidenceContract = defineContract({
	method: 'GET',
	path: '/api/admin/orders/{orderNumber}/evidence',
	summary:
		'An order\'s record for a card dispute (ADR-050): placed (when, and from which address and device, as keyed-hash prefixes), paid (how, when, PayPro\'s id or the transfer\'s receipt), delivered (each unit masked, never in full), the emails sent (subject, to, when, the provider\'s answer), each reveal of each unit (when, which view, by the buyer or which staff member, address and device as keyed-hash prefixes), refunds and the timeline. `?format=pdf` answers the same as a PDF. The owner\'s alone.',
	tag: 'Orders',
	permission: 'owner',
	scope: 'refunds',
	params: orderParams,
	query: z.object({ format: z.enum(['json', 'pdf'], 'format is json or pdf.').optional() }),
	response: z.object({
		orderNumber: z.string(),
		generatedAt: at,
		placed: z.object({ at, total: z.number().int(), customerName: z.string().nullable(), customerEmail: z.string().nullable(), customerPhone: z.string().nullable(), lang: z.string(), addressHash: z.string().nullable().describe('Where the order was placed from: a keyed-hash prefix of the checkout\'s network address (null: placed before it was recorded, or by a script without one)'), deviceHash: z.string().nullable().describe('The checkout\'s device (user agent), as a keyed-hash prefix') }),
		paid: z.object({
			at: maybeAt,
			status: z.string(),
			method: z.string(),
			testPayment: z.boolean(),
			payproId: z.string().nullable(),
			earlierPayproIds: z.array(z.string()),
			transfer: z.object({ receiptUploadedAt: maybeAt, receiptSha256: z.string().nullable() }).nullable(),
		}),
		delivered: z.object({
			at: maybeAt,
			status: z.string(),
			handTyped: z.boolean().describe('Details typed by staff: revealed as one whole, unit "hand"'),
			units: z.array(z.object({ unitId: z.number().int().describe('The stock assignment'), line: z.number().int(), kind: z.string(), masked: z.string().describe('Last characters only'), assignedAt: at, replacedAt: maybeAt, replacedBy: z.string().nullable(), refundedAt: maybeAt })),
		}),
		emails: z.array(z.object({ at, to: z.string(), subject: z.string(), status: z.string(), sentAt: maybeAt, providerMessageId: z.string().nullable(), lastError: z.string().nullable() })),
		reveals: z.array(
			z.object({
				unitId: z.union([z.number().int(), z.literal('hand')]),
				at,
				first: z.boolean().describe('The unit\'s first reveal: from then it is seen'),
				view: z.enum(['order-page', 'my-orders', 'api', 'staff']),
				by: z.string().describe('"buyer", or "staff: <email>"'),
				addressHash: z.string().nullable().describe('First 12 hex digits of the keyed hash of the client\'s address'),
				deviceHash: z.string().nullable().describe('First 12 hex digits of the keyed hash of its user agent'),
			}),
		),
		refunds: z.array(z.object({ at, amount: z.number().int(), method: z.string(), reference: z.string().nullable(), reason: z.string(), by: z.string() })),
		events: z.array(z.object({ at, kind: z.string(), from: z.string().nullable(), to: z.string().nullable(), by: z.string() })),
	}),
})

export const ordersContracts: AdminContract[] = [cancelOrderContract, refundOrderContract, reinstateOrderContract, reopenTransferContract, orderEvidenceContract]
