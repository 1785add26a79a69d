import { z } from 'zod'
import { lowBalanceInput, SEARCH_LIMITS } from '../../domain/suppliers/supplier-console'
import { SUPPLIER_CURRENCIES } from '../../domain/suppliers/supplier-client'
import { createSupplierInput, SUPPLIER_KINDS, SUPPLIER_PURCHASE_STATUSES, updateSupplierInput } from '../../domain/suppliers/supplier-input'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

// Suppliers (ADR-053, ADR-054): the wholesalers the shop buys codes from at payment. The owner, or
// staff granted `suppliers`; a key with the `suppliers` scope. The API key is write-only: it is
// answered by its last four characters and never written to the audit log.

const suppliersAccess = { tag: 'Suppliers', permission: 'suppliers', scope: 'suppliers' } as const
const supplierId = z.object({ id: idSchema('There is no such supplier.') })

const supplierView = z.object({
	id: z.number().int(),
	name: z.string(),
	kind: z.enum(SUPPLIER_KINDS),
	currency: z.enum(SUPPLIER_CURRENCIES).describe('The currency of its prices and balance, as its protocol says (Kinguin: EUR); converted at the owner’s rate for it'),
	baseUrl: z.string().describe('Where its API is reached; the built-in simulator’s is /supplier-sim'),
	apiKeyEnd: z.string().nullable().describe('The API key’s last four characters (…abcd): the key itself is never answered'),
	simulator: z.boolean().describe('The shop’s own simulator: nothing real is bought'),
	active: z.boolean(),
	options: z.number().int().describe('Options that buy from it'),
	firstChoice: z.number().int().describe('Options that buy from it first'),
	backup: z.number().int().describe('Options that turn to it when the suppliers before it cannot sell'),
	lowBalanceCents: z.number().int().nullable().describe('Staff are alerted when the balance falls below this (cents of its currency); null: never'),
	balanceCents: z.number().int().nullable().describe('What the account could spend when last asked (cents of its currency)'),
	balanceCheckedAt: z.string().nullable(),
	checkProblem: z.string().nullable().describe('Why the last check could not read the balance'),
	createdAt: z.string(),
	updatedAt: z.string(),
})

const lowBalance = lowBalanceInput.optional().describe('Alert staff when the balance falls below this amount of the supplier’s currency (field name kept from before currencies); null: never. Left out keeps it')

export const listSuppliersContract = defineContract({
	method: 'GET',
	path: '/api/admin/suppliers',
	summary: 'The suppliers, the built-in simulator with the rest, each with its balance when last asked, its low-balance alert and how many options buy from it first or as a backup',
	...suppliersAccess,
	response: z.object({ suppliers: z.array(supplierView) }),
})

export const createSupplierContract = defineContract({
	method: 'POST',
	path: '/api/admin/suppliers',
	summary: 'Connect a supplier: its name, protocol (kinguin), address (Kinguin’s production gateway unless given) and API key, stored encrypted and answered only by its last four characters; audited without the key',
	...suppliersAccess,
	body: createSupplierInput.extend({ lowBalanceDollars: lowBalance }),
	response: supplierView,
	status: 201,
})

export const updateSupplierContract = defineContract({
	method: 'PATCH',
	path: '/api/admin/suppliers/{id}',
	summary: 'Change a supplier: name, address, API key (blank or left out keeps the saved one), on or off, its low-balance alert; audited without the key',
	...suppliersAccess,
	params: supplierId,
	body: updateSupplierInput.extend({ lowBalanceDollars: lowBalance }),
	response: supplierView,
})

export const testSupplierContract = defineContract({
	method: 'POST',
	path: '/api/admin/suppliers/{id}/test',
	summary: 'Ask the supplier its balance with the saved key, now: accepted (with the balance), refused (with the supplier’s reason) or unreachable, in a sentence',
	...suppliersAccess,
	params: supplierId,
	response: z.object({
		ok: z.boolean(),
		outcome: z.enum(['accepted', 'refused', 'unreachable']),
		sentence: z.string(),
		balanceCents: z.number().int().nullable(),
	}),
})

export const searchSupplierContract = defineContract({
	method: 'GET',
	path: '/api/admin/suppliers/{id}/products',
	summary: `Search the supplier’s catalogue by name (at least 3 letters, at most ${SEARCH_LIMITS.query}): up to ${SEARCH_LIMITS.results} products, each with its id to map an option to, its price now in cents of the supplier’s currency and in rupees at the owner’s rate for it`,
	...suppliersAccess,
	params: supplierId,
	query: z.object({ q: z.string({ error: 'Give the words to search for as q.' }).max(SEARCH_LIMITS.query, `Search with at most ${SEARCH_LIMITS.query} characters.`) }).strict(),
	response: z.object({
		currency: z.enum(SUPPLIER_CURRENCIES).describe('The currency of unitPriceCents'),
		rupeesPerUnit: z.number().nullable().describe('The owner’s rupees per unit of that currency; null: none set'),
		rupeesPerDollar: z.number().nullable().describe('The owner’s dollar rate (kept for callers from before currencies)'),
		products: z.array(z.object({ productId: z.string(), name: z.string(), unitPriceCents: z.number().int(), available: z.number().int(), costRupees: z.number().int().nullable() })),
	}),
})

// Purchases from suppliers at payment (ADR-053): the list staff follow, and the retry of one waiting for them.

const purchase = z.object({
	id: z.number().int(),
	orderNumber: z.string(),
	status: z.enum(SUPPLIER_PURCHASE_STATUSES).describe('pending: stored before the call, or no answer yet; ordered: the supplier took it, keys awaited; delivered; failed: the next supplier took over; waiting: staff must act'),
	supplier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
	supplierProductId: z.string(),
	quantity: z.number().int(),
	keysReceived: z.number().int(),
	currency: z.enum(SUPPLIER_CURRENCIES).describe('The currency of unitPriceCents and maxUnitPriceCents: the supplier’s'),
	unitPriceCents: z.number().int().nullable().describe('What the supplier charged for one unit, in cents of its currency'),
	maxUnitPriceCents: z.number().int().nullable().describe('The most one unit could cost and leave the option’s minimum margin, in cents'),
	supplierOrderId: z.string().nullable(),
	reason: z.string().nullable().describe('Why it failed or waits for staff'),
	attempts: z.number().int(),
	createdAt: z.string(),
	updatedAt: z.string(),
})

export const listSupplierPurchasesContract = defineContract({
	method: 'GET',
	path: '/api/admin/supplier-purchases',
	summary: 'Purchases from suppliers made at payment, newest first (at most 100), of one status or all, with how many wait for staff',
	...suppliersAccess,
	query: z.object({ status: z.enum(SUPPLIER_PURCHASE_STATUSES, { error: `status must be one of: ${SUPPLIER_PURCHASE_STATUSES.join(', ')}.` }).optional() }).strict(),
	response: z.object({ waiting: z.number().int().describe('Purchases waiting for staff in all'), purchases: z.array(purchase) }),
})

export const retrySupplierPurchaseContract = defineContract({
	method: 'POST',
	path: '/api/admin/supplier-purchases/{id}/retry',
	summary: 'Ask the supplier again for a purchase waiting for staff: the same idempotency key, looked up first, so it is never bought twice (audited). 409 when it is not waiting, or the order no longer needs it.',
	...suppliersAccess,
	params: z.object({ id: idSchema('Supplier purchase not found.') }),
	response: z.object({ id: z.number().int(), status: z.enum(SUPPLIER_PURCHASE_STATUSES) }),
})


export const suppliersContracts: AdminContract[] = [listSuppliersContract, createSupplierContract, updateSupplierContract, testSupplierContract, searchSupplierContract, listSupplierPurchasesContract, retrySupplierPurchaseContract]
