import { z } from 'zod'
import { STOCK_LIMITS } from '../../domain/stock/manage-stock.server'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

const productId = z.object({ id: idSchema('Product not found') })

const codeUnit = z.object({ code: z.string().max(STOCK_LIMITS.code).describe('A gift card or key, as printed') }).strict()
const accountUnit = z
	.object({
		login: z.string().max(STOCK_LIMITS.login),
		password: z.string().max(STOCK_LIMITS.password),
		notes: z.string().max(STOCK_LIMITS.notes).nullish(),
		slots: z.number().int().min(1).max(STOCK_LIMITS.slots).nullish().describe('Buyers this account serves; default the batch’s'),
	})
	.strict()

export const importStockBody = z
	.object({
		variantId: z.number().int().positive().describe('A visible option of this product'),
		units: z
			.union([z.array(codeUnit).min(1).max(STOCK_LIMITS.units), z.array(accountUnit).min(1).max(STOCK_LIMITS.units)])
			.describe('Codes ([{code}]) or accounts ([{login, password, notes?}]), not both'),
		slots: z.number().int().min(1).max(STOCK_LIMITS.slots).optional().describe('Buyers each unit serves: default 1, 2 for accounts of a shared option'),
	})
	.strict()

export const importStockContract = defineContract({
	method: 'POST',
	path: '/api/admin/products/{id}/stock',
	summary:
		'Import codes or accounts for one option, in one transaction. Units are encrypted at rest; a unit the product already has (sold or not), or one repeated in the batch, is refused as a duplicate (codes compared without case, spaces or dashes; accounts by login). The first units switch a manual product to stock_or_manual.',
	tag: 'Stock',
	permission: 'catalogue',
	scope: 'stock',
	params: productId,
	body: importStockBody,
	bodyLimit: STOCK_LIMITS.bytes,
	response: z.object({
		added: z.number().int(),
		duplicates: z.number().int().describe('Units refused as already in stock or already sold'),
		skipped: z.array(z.object({ line: z.number().int().describe('1-based position in units'), reason: z.string() })),
		waiting: z.number().int().describe('Paid orders that were waiting for this option: they are delivered from this import right after it, oldest payment first, as far as the new units go'),
	}),
	status: 201,
})

export const stockCountsContract = defineContract({
	method: 'GET',
	path: '/api/admin/products/{id}/stock',
	summary: 'Stock per option: free slots available, units sold and voided, the low-stock threshold and whether it is reached',
	tag: 'Stock',
	permission: 'catalogue',
	scope: 'stock',
	params: productId,
	response: z.object({
		productId: z.number().int(),
		stockMode: z.enum(['manual', 'stock_or_manual', 'stock_only']),
		variants: z.array(
			z.object({
				variantId: z.number().int(),
				label: z.string(),
				hidden: z.boolean(),
				available: z.number().int().describe('Free slots of available units'),
				sold: z.number().int(),
				voided: z.number().int(),
				lowStockThreshold: z.number().int(),
				low: z.boolean(),
			}),
		),
	}),
})

/** The stock endpoints' contracts. */
export const stockContracts: AdminContract[] = [stockCountsContract, importStockContract]
