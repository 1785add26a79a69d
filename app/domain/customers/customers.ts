import { z } from 'zod'
import { BLOCK_KINDS } from '../../db/block-kinds'
import { DELIVERY_STATES, PAYMENT_STATES } from '../../db/order-states'
import { hasForbiddenCharacter, isInvisible, NUL_MESSAGE } from '../../utils/input'
import { normalisePakistaniMobile } from '../orders/checkout-fields'

// The console's customers (issue 24): every buyer, known by the email they ordered with in lower case
// and trimmed, with the phones they used, what they spent (paid orders, net of refunds; test payments
// left out), their refunds, first and last order and the subscriptions still running. Browser-safe:
// the list's query, the note's fields and the views the console and the API share.

/** One page of the list. */
export const CUSTOMERS_PAGE_SIZE = 50
/** The last page asked for: 500 pages of 50, far past any shop's buyers, so no query can ask for an offset past it. */
export const CUSTOMERS_MAX_PAGE = 500

export const CUSTOMER_SORTS = ['spend', 'last'] as const
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = { spend: 'Most spent', last: 'Latest order' }

export const CUSTOMER_MESSAGES = {
	q: 'Search with at most 100 characters.',
	sort: 'Sort by spend or by last order (sort=spend or sort=last).',
	page: `Choose a page from 1 to ${CUSTOMERS_MAX_PAGE}.`,
	notFound: 'There is no customer with that number.',
	note: 'Write a note of 1 to 2,000 characters.',
	noteNotFound: 'That note is not there any more.',
} as const

/** The buyer's key: their email as checkout keeps it (lower case, trimmed); the same rule as the SQL `lower(btrim(customer_email))`. */
export const customerKey = (email: string) => email.trim().toLowerCase()

/**
 * What a search looks for: the words (in an email or a name), and a phone number in the form checkout
 * keeps it (03XXXXXXXXX, whatever the spelling: +92, spaces, dashes) when the words are one, or the
 * digits typed when they are a part of one (at least four).
 */
export function customerSearch(q: string): { text: string; phone: string | null; digits: string | null } {
	const text = q.normalize('NFKC').trim().toLowerCase()
	const phone = normalisePakistaniMobile(text)
	const digits = /^[\d\s\-()+]+$/.test(text) ? text.replace(/\D/g, '') : ''
	return { text, phone, digits: !phone && digits.length >= 4 ? digits : null }
}

/** The list's query, from the console's address or the API's: refused with a sentence, never guessed. */
export const customerListQuery = z.object({
	q: z
		.string({ error: CUSTOMER_MESSAGES.q })
		.max(100, CUSTOMER_MESSAGES.q)
		.refine((v) => !hasForbiddenCharacter(v), NUL_MESSAGE)
		.transform((v) => v.trim())
		.default('')
		.describe('Part of an email or a name, or a phone number in any spelling (0300 1234567, +92 300 1234567) or four or more of its digits'),
	sort: z.enum(CUSTOMER_SORTS, { error: CUSTOMER_MESSAGES.sort }).default('spend').describe('spend (most spent first, the default) or last (latest order first)'),
	page: z.coerce
		.number({ error: CUSTOMER_MESSAGES.page })
		.int(CUSTOMER_MESSAGES.page)
		.min(1, CUSTOMER_MESSAGES.page)
		.max(CUSTOMERS_MAX_PAGE, CUSTOMER_MESSAGES.page)
		.default(1)
		.describe(`${CUSTOMERS_PAGE_SIZE} customers a page`),
})
export type CustomerListQuery = z.output<typeof customerListQuery>

/** A staff note as typed: 1 to 2,000 characters with something visible. */
export const customerNoteFields = z.object({
	body: z
		.string({ error: CUSTOMER_MESSAGES.note })
		.trim()
		.min(1, CUSTOMER_MESSAGES.note)
		.max(2000, CUSTOMER_MESSAGES.note)
		.refine((v) => !hasForbiddenCharacter(v), NUL_MESSAGE)
		.refine((v) => !isInvisible(v), CUSTOMER_MESSAGES.note),
})

const iso = z.string().describe('ISO 8601')

export const customerSubscriptionView = z.object({
	orderNumber: z.string(),
	product: z.string().describe('The product and option, as sold'),
	endsAt: iso,
})

/** A buyer as the list and the API show them. */
export const customerView = z.object({
	id: z.number().int().describe("The customer's number: the id of their first order; their page is /admin/customers/{id}"),
	email: z.string().describe('Lower case, trimmed: every order placed with another spelling of it counts here'),
	name: z.string().nullable().describe('The name on their latest order'),
	phones: z.array(z.string()).describe('Every phone number they ordered with'),
	orders: z.number().int().describe('Orders placed, paid or not'),
	paidOrders: z.number().int().describe('Orders paid (test payments left out)'),
	totalSpent: z.number().int().describe('Rupees paid, net of refunds (test payments left out)'),
	refunds: z.number().int().describe('Rupees given back'),
	firstOrderAt: iso,
	lastOrderAt: iso,
	subscriptions: z.array(customerSubscriptionView).describe('Subscriptions still running, soonest end first'),
})
export type CustomerView = z.infer<typeof customerView>

export const customerListView = z.object({
	customers: z.array(customerView),
	total: z.number().int().describe('Customers matching the search'),
	page: z.number().int(),
	pageSize: z.number().int(),
})
export type CustomerList = z.infer<typeof customerListView>

export const customerOrderView = z.object({
	orderNumber: z.string(),
	createdAt: iso,
	total: z.number().int(),
	refunded: z.number().int(),
	paymentStatus: z.enum(PAYMENT_STATES),
	deliveryStatus: z.enum(DELIVERY_STATES),
	paymentMethod: z.string(),
	testPayment: z.boolean(),
	phone: z.string().nullable(),
})

export const customerNoteView = z.object({
	id: z.number().int(),
	body: z.string(),
	staff: z.string().describe('Who wrote it'),
	createdAt: iso,
})
export type CustomerNoteView = z.infer<typeof customerNoteView>

export const customerBlockView = z.object({
	id: z.number().int(),
	kind: z.enum(BLOCK_KINDS),
	value: z.string(),
	note: z.string().nullable(),
	createdAt: iso,
	createdBy: z.string().nullable(),
})

/** One buyer's page: their figures, every order (newest first, at most 500), staff notes and the blocks on their email or phones. */
export const customerDetailView = z.object({
	customer: customerView,
	orders: z.array(customerOrderView),
	moreOrders: z.boolean().describe('More than 500 orders: the oldest are not listed'),
	notes: z.array(customerNoteView),
	blocks: z.array(customerBlockView),
})
export type CustomerDetail = z.infer<typeof customerDetailView>

/** How many orders a customer's page lists. */
export const CUSTOMER_ORDERS_LIMIT = 500

/** The phone as a buyer reads it: 0300 1234567. */
export const formatPhone = (phone: string) => (/^03\d{9}$/.test(phone) ? `${phone.slice(0, 4)} ${phone.slice(4)}` : phone)
