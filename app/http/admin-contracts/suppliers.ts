import { z } from 'zod'
import { SUPPLIER_PURCHASE_STATUSES } from '../../domain/suppliers/supplier-input'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

// Purchases from suppliers at payment (ADR-053): the list staff follow, and the retry of one waiting for them.

const TAG = 'Suppliers'

const purchase = z.object({
	id: z.number().int(),
	orderNumber: z.string(),
	status: z.enum(SUPPLIER_PURCHASE_STATUSES).describe('pending: stored before the call, or no answer yet; ordered: the supplier took it, keys awaited; delivered; failed: the next supplier took over; waiting: staff must act'),
	supplier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
	supplierProductId: z.string(),
	quantity: z.number().int(),
	keysReceived: z.number().int(),
	unitPriceCents: z.number().int().nullable().describe('What the supplier charged for one unit, in cents'),
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
	tag: TAG,
	permission: 'staff',
	scope: 'suppliers',
	query: z.object({ status: z.enum(SUPPLIER_PURCHASE_STATUSES, { error: `status must be one of: ${SUPPLIER_PURCHASE_STATUSES.join(', ')}.` }).optional() }).strict(),
	response: z.object({ waiting: z.number().int().describe('Purchases waiting for staff in all'), purchases: z.array(purchase) }),
})

export const retrySupplierPurchaseContract = defineContract({
	method: 'POST',
	path: '/api/admin/supplier-purchases/{id}/retry',
	summary: 'Ask the supplier again for a purchase waiting for staff: the same idempotency key, looked up first, so it is never bought twice (audited). 409 when it is not waiting, or the order no longer needs it.',
	tag: TAG,
	permission: 'staff',
	scope: 'suppliers',
	params: z.object({ id: idSchema('Supplier purchase not found.') }),
	response: z.object({ id: z.number().int(), status: z.enum(SUPPLIER_PURCHASE_STATUSES) }),
})

export const suppliersContracts: AdminContract[] = [listSupplierPurchasesContract, retrySupplierPurchaseContract]
