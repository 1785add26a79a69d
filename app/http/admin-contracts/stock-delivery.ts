import { z } from 'zod'
import { idSchema, textSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

// Staff's part in delivery from stock: serving an order owed stock, replacing a unit, and what runs low.

const orderParams = z.object({ orderNumber: textSchema().pipe(z.string().min(1, 'Order not found.').max(100, 'Order not found.')) })

export const deliverFromStockContract = defineContract({
	method: 'POST',
	path: '/api/admin/orders/{orderNumber}/deliver-from-stock',
	summary: 'Serve a paid order waiting for stock now, from the stock its options have (audited). 409 when the order is not waiting for stock.',
	tag: 'Stock',
	permission: 'staff',
	scope: 'stock',
	params: orderParams,
	response: z.object({ served: z.boolean().describe('Whether any unit was delivered'), owed: z.number().int().describe('Units the order still waits for') }),
})

export const replaceUnitContract = defineContract({
	method: 'POST',
	path: '/api/admin/orders/{orderNumber}/stock-units/{assignmentId}/replace',
	summary:
		'Replace a unit delivered to the order (it did not work) with another of the same option: the old one stays on the order as replaced and its free slots are voided; the buyer sees the new one live (audited).',
	tag: 'Stock',
	permission: 'staff',
	scope: 'stock',
	params: orderParams.extend({ assignmentId: idSchema('That unit is not one this order holds.') }),
	body: z.object({ reason: z.string().max(300).describe('Why, for the audit log and the unit’s void reason') }).strict(),
	response: z.object({ unitId: z.number().int().describe('The unit delivered instead') }),
})

export const lowStockContract = defineContract({
	method: 'GET',
	path: '/api/admin/stock/low',
	summary: 'Visible options of products delivered from stock that are at or below their low-stock threshold, emptiest first, and how many paid orders wait for stock',
	tag: 'Stock',
	permission: 'staff',
	scope: 'stock',
	response: z.object({
		waitingOrders: z.number().int(),
		variants: z.array(z.object({ productId: z.number().int(), productName: z.string(), variantId: z.number().int(), label: z.string(), available: z.number().int(), threshold: z.number().int() })),
	}),
})

export const stockDeliveryContracts: AdminContract[] = [deliverFromStockContract, replaceUnitContract, lowStockContract]
