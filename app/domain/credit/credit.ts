import { z } from 'zod'
import { CREDIT_KINDS, type CreditKind } from '../../db/order-states'
import { customerKey } from '../customers/customers'

// Store credit as buyers, staff and the API read it (ADR-051). Browser-safe.

export { CREDIT_KINDS, type CreditKind }

/** Entries shown with a balance (My orders, the console, the API): the latest first. */
export const CREDIT_HISTORY_LIMIT = 100

export const CREDIT_EMAIL_MESSAGE = 'Please give the buyer’s email address.'

/** A buyer's key for their credit: the customers' key (the address trimmed, in lower case), as My orders and the console's customers read a buyer. */
export const creditEmail = customerKey

export const creditEntryView = z.object({
	id: z.number().int(),
	kind: z.enum(CREDIT_KINDS).describe('refund: a refund to store credit; returned_unit: a code returned unopened; spent: spent on an order; spend_reversed: an order that spent it ended unpaid; adjustment: staff'),
	amount: z.number().int().describe('Whole rupees, + added or − spent'),
	balanceAfter: z.number().int(),
	orderNumber: z.string().nullable(),
	reason: z.string().nullable(),
	by: z.string().describe('A staff email, "api key: name", "buyer" or "shop"'),
	createdAt: z.string(),
})
export type CreditEntryView = z.output<typeof creditEntryView>

/** GET /api/admin/customers/{email}/credit. */
export const creditView = z.object({
	email: z.string(),
	balance: z.number().int().describe('Whole rupees: the sum of the entries, never below zero'),
	entries: z.array(creditEntryView).describe(`The latest ${CREDIT_HISTORY_LIMIT} entries, newest first`),
})
export type CreditView = z.output<typeof creditView>
