import { z } from 'zod'
import { STOCK_LIMITS } from '../../domain/stock/manage-stock.server'
import { idSchema } from '../../utils/input'
import { costSchema } from '../../domain/costs/cost-rules'
import { defineContract, type AdminContract } from '../admin-contract'

const productId = z.object({ id: idSchema('Product not found') })

// Lengths are checked per unit by the importer, so a long one is a line of the report, not a refused request.
const codeUnit = z.object({ code: z.string().describe(`A gift card or key, as printed (at most ${STOCK_LIMITS.code} characters)`) }).strict()
const accountUnit = z
	.object({
		login: z.string().describe(`At most ${STOCK_LIMITS.login} characters`),
		password: z.string().describe(`At most ${STOCK_LIMITS.password} characters`),
		notes: z.string().nullish().describe(`At most ${STOCK_LIMITS.notes} characters`),
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
		cost: costSchema.nullish().describe('What each unit of this batch cost ({amount, currency: PKR or USD}); it wins over the option’s cost when an order is paid'),
	})
	.strict()

export const importStockContract = defineContract({
	method: 'POST',
	path: '/api/admin/products/{id}/stock',
	summary:
		'Import codes or accounts for one option, in one transaction. Units are encrypted at rest and delivered exactly as imported. A code already in stock of any product of the shop (sold, voided or not), or repeated in the batch, is refused as a duplicate: codes are compared after Unicode NFKC, without invisible (format) characters, with every dash as a hyphen, Cyrillic and Greek look-alike letters as Latin, and without case, spaces or hyphens. An account is refused when this product has its login. The report lists every line not imported and why, and lines imported with a remark. The first units switch a manual product to stock_or_manual.',
	tag: 'Stock',
	permission: 'catalogue',
	scope: 'stock',
	params: productId,
	body: importStockBody,
	bodyLimit: STOCK_LIMITS.bytes,
	response: z.object({
		added: z.number().int(),
		duplicates: z.number().int().describe('Units refused as already in stock (in any product, sold or not) or earlier in this import'),
		refused: z.array(z.object({ line: z.number().int().describe('1-based position in units'), reason: z.string() })).describe('Every unit not imported, in order, and why: a duplicate (of which line, or which product and unit), empty, too long, control characters…'),
		skipped: z.array(z.object({ line: z.number().int().describe('1-based position in units'), reason: z.string() })).describe('The refused units that are not duplicates'),
		notes: z.array(z.object({ line: z.number().int(), note: z.string() })).describe('Units imported with something the comparison ignores (invisible characters, look-alike letters)'),
		waiting: z.number().int().describe('Paid orders that were waiting for this option: they are delivered from this import right after it, oldest payment first, as far as the new units go'),
		modeChange: z
			.object({ from: z.enum(['manual', 'stock_or_manual', 'stock_only']), to: z.enum(['manual', 'stock_or_manual', 'stock_only']), message: z.string() })
			.nullable()
			.describe('The product’s delivery mode when this import changed it (the first units of a manual product switch it to stock_or_manual), with a sentence to show'),
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
