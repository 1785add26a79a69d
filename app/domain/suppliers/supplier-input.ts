import { z } from 'zod'

// What the owner types to connect a supplier (client-safe: the console's form and the API read it).

export const SUPPLIER_KINDS = ['kinguin'] as const
/** A purchase's states (the schema's SupplierPurchaseStatus), as the API filters them. */
export const SUPPLIER_PURCHASE_STATUSES = ['pending', 'ordered', 'delivered', 'failed', 'waiting'] as const
export const SUPPLIER_LIMITS = { name: 80, apiKey: 500, baseUrl: 300, productId: 100, suppliersPerOption: 5, minMarginPercent: 500 } as const

const baseUrl = z
	.string()
	.trim()
	.max(SUPPLIER_LIMITS.baseUrl, `The supplier's address may be at most ${SUPPLIER_LIMITS.baseUrl} characters.`)
	.refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'The supplier’s address must be an http:// or https:// address.')

export const createSupplierInput = z.object({
	name: z.string().trim().min(1, 'Please give the supplier a name.').max(SUPPLIER_LIMITS.name, `A supplier’s name may be at most ${SUPPLIER_LIMITS.name} characters.`),
	kind: z.enum(SUPPLIER_KINDS, { message: 'Choose the supplier’s protocol: kinguin.' }).default('kinguin'),
	/** Unset: Kinguin's production gateway. */
	baseUrl: baseUrl.optional(),
	apiKey: z.string().trim().min(1, 'Please paste the supplier’s API key.').max(SUPPLIER_LIMITS.apiKey, `An API key may be at most ${SUPPLIER_LIMITS.apiKey} characters.`),
	active: z.boolean().default(true),
})
export type CreateSupplierInput = z.input<typeof createSupplierInput>

/** A change: what is left out stays; an API key left out (or blank) keeps the saved one. */
export const updateSupplierInput = z.object({
	name: createSupplierInput.shape.name.optional(),
	baseUrl: baseUrl.optional(),
	apiKey: z
		.string()
		.trim()
		.max(SUPPLIER_LIMITS.apiKey, `An API key may be at most ${SUPPLIER_LIMITS.apiKey} characters.`)
		.optional(),
	active: z.boolean().optional(),
})
export type UpdateSupplierInput = z.input<typeof updateSupplierInput>

/** An option's suppliers in order of preference, as PATCH /api/admin/products/{id} takes them. */
export const variantSupplyInput = z
	.array(
		z.object({
			supplierId: z.number().int().positive('Choose a supplier by its id.'),
			supplierProductId: z.string().trim().min(1, 'Give the supplier’s product id.').max(SUPPLIER_LIMITS.productId, `A supplier’s product id may be at most ${SUPPLIER_LIMITS.productId} characters.`),
		}),
	)
	.max(SUPPLIER_LIMITS.suppliersPerOption, `An option may have at most ${SUPPLIER_LIMITS.suppliersPerOption} suppliers.`)
	.refine((list) => new Set(list.map((s) => s.supplierId)).size === list.length, 'Each supplier may appear once per option.')

export const minMarginInput = z
	.number()
	.int('The minimum margin is a whole number of percent.')
	.min(0, 'The minimum margin is a whole number of percent from 0 to 500.')
	.max(SUPPLIER_LIMITS.minMarginPercent, 'The minimum margin is a whole number of percent from 0 to 500.')
	.nullable()

/** The one sentence for a supplier id the shop does not have. */
export const noSuchSupplier = (id: number | string) => `There is no supplier ${id}.`
