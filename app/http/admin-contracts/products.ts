import { z } from 'zod'
import { createProductInput, updateProductInput } from '../../domain/catalogue/product-input'
import { repriceInput } from '../../domain/costs/cost-rules'
import { CATEGORIES, PRODUCT_KINDS } from '../../domain/catalogue/types'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

const variant = z.object({
	id: z.number().int(),
	label: z.string(),
	months: z.number().int().nullable(),
	value: z.number().int().nullable(),
	accountType: z.enum(['private', 'shared']).nullable(),
	price: z.number().int().describe('Whole rupees'),
	position: z.number().int(),
	hidden: z.boolean(),
	cost: z
		.object({ amount: z.number(), currency: z.enum(['PKR', 'USD']) })
		.nullable()
		.describe('What one costs the shop: whole rupees, or US dollars converted at the owner’s rate (never shown to buyers)'),
	supply: z
		.array(z.object({ supplierId: z.number().int(), supplierProductId: z.string() }))
		.describe('Suppliers it is bought from at payment when stock runs out, in order of preference'),
	minMarginPercent: z.number().int().nullable().describe('The least margin, in percent of the price, a unit bought from a supplier must leave after PayPro’s fee; null: 0'),
})

export const adminProduct = z.object({
	id: z.number().int(),
	name: z.string(),
	platform: z.enum(CATEGORIES),
	kind: z.enum(PRODUCT_KINDS),
	caption: z.string(),
	description: z.string(),
	nameUr: z.string().nullable().describe('The name on Urdu (/ur) pages; null: the English name shows there'),
	descriptionUr: z.string().nullable().describe('The description on Urdu (/ur) pages; null: the English one shows there'),
	features: z.array(z.string()),
	featuresUr: z.array(z.string()).nullable().describe('The features on Urdu (/ur) pages; null: the English ones show there'),
	captionUr: z.string().nullable().describe('The card caption on Urdu (/ur) pages; null: the English one shows there'),
	specifications: z.array(z.union([z.object({ label: z.string(), value: z.string() }), z.string()])),
	badge: z.enum(['sale', 'new']).nullable(),
	originalPrice: z.number().int().nullable(),
	image: z.string(),
	imageSet: z.object({ base: z.string(), widths: z.array(z.number().int()), width: z.number().int(), height: z.number().int() }).nullable(),
	featured: z.boolean(),
	hasDuration: z.boolean().describe('A DM order of it runs for a number of days, with reminder emails (the Game Pass products)'),
	claimDays: z.number().int().describe('Days after delivery a buyer may report a delivered unit as not working; 0: no claims'),
	autoReplace: z.boolean().describe('Claims are replaced from stock at once, once per order'),
	returnDays: z.number().int().nullable().describe('Days after delivery a buyer may return an unopened code from stock for store credit; null: no returns'),
	sortOrder: z.number().int(),
	visible: z.boolean(),
	status: z.enum(['draft', 'published']).describe('draft: seen only by staff until published; published: on sale while visible'),
	termsPage: z.enum(['game-pass-console', 'game-pass-pc']).nullable(),
	contentPage: z.enum(['/game-pass-library', '/gta-v-content', '/tekken-7-content']).nullable(),
	reviewGroup: z.string().nullable(),
	paymentMethods: z.array(z.string()),
	variants: z.array(variant).describe('Every option in order, hidden ones included'),
	createdAt: z.string(),
	updatedAt: z.string(),
})

const productId = z.object({ id: idSchema('Product not found') })

const flag = z.enum(['true', 'false']).transform((v) => v === 'true')

export const listProductsQuery = z.object({
	q: z.string().max(120).optional(),
	platform: z.enum(CATEGORIES).optional(),
	kind: z.enum(PRODUCT_KINDS).optional(),
	visibility: z.enum(['visible', 'hidden', 'all']).optional(),
	featured: flag.optional(),
	sort: z.enum(['order', 'name', 'updated']).optional(),
	page: z.coerce.number().int().min(1).max(10_000).optional(),
})

export const listProductsContract = defineContract({
	method: 'GET',
	path: '/api/admin/products',
	summary: 'List products (search, filters, 50 a page), hidden ones included',
	tag: 'Products',
	permission: 'catalogue',
	scope: 'catalogue',
	query: listProductsQuery,
	response: z.object({ products: z.array(adminProduct), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
})

export const createProductContract = defineContract({
	method: 'POST',
	path: '/api/admin/products',
	summary: 'Create a product with its options (variants), each with its own price in whole rupees; `status` is `published` unless `draft` is sent',
	tag: 'Products',
	permission: 'catalogue',
	scope: 'catalogue',
	body: createProductInput,
	response: adminProduct,
	status: 201,
})

export const getProductContract = defineContract({
	method: 'GET',
	path: '/api/admin/products/{id}',
	summary: 'One product with every option',
	tag: 'Products',
	permission: 'catalogue',
	scope: 'catalogue',
	params: productId,
	response: adminProduct,
})

export const updateProductContract = defineContract({
	method: 'PATCH',
	path: '/api/admin/products/{id}',
	summary: 'Change any fields; `visible: false` hides it; `status: "draft"` takes it off sale until `status: "published"`; `variants` is the full ordered list (listed ids kept, new ones added, left-out ones hidden)',
	tag: 'Products',
	permission: 'catalogue',
	scope: 'catalogue',
	params: productId,
	body: updateProductInput,
	response: adminProduct,
})

export const deleteProductContract = defineContract({
	method: 'DELETE',
	path: '/api/admin/products/{id}',
	summary: 'Delete a product no order refers to; one that orders refer to is hidden instead',
	tag: 'Products',
	permission: 'catalogue',
	scope: 'catalogue',
	params: productId,
	response: z.object({ deleted: z.boolean(), hidden: z.boolean(), message: z.string() }),
})

export const duplicateProductContract = defineContract({
	method: 'POST',
	path: '/api/admin/products/{id}/duplicate',
	summary: 'Copy a product (hidden, same options and prices) to start a similar one',
	tag: 'Products',
	permission: 'catalogue',
	scope: 'catalogue',
	params: productId,
	response: adminProduct,
	status: 201,
})

const cost = z.object({ amount: z.number(), currency: z.enum(['PKR', 'USD']) })

export const repricePlan = z.object({
	marginPercent: z.number(),
	roundTo: z.number().int(),
	rate: z.object({ rupeesPerDollar: z.number(), setAt: z.string().nullable(), text: z.string() }).nullable().describe('The owner’s dollar rate used for costs in US dollars'),
	rows: z.array(
		z.object({
			variantId: z.number().int(),
			productId: z.number().int(),
			productName: z.string(),
			label: z.string(),
			hidden: z.boolean(),
			cost: cost.nullable(),
			costRupees: z.number().int().nullable(),
			oldPrice: z.number().int(),
			newPrice: z.number().int().nullable().describe('Null when skipped'),
			skipped: z.string().nullable().describe('Why this option keeps its price'),
		}),
	),
	changing: z.number().int(),
	skipped: z.number().int(),
	applied: z.boolean(),
	belowMinimum: z
		.array(
			z.object({
				variantId: z.number().int(),
				productId: z.number().int(),
				productName: z.string(),
				label: z.string(),
				price: z.number().int(),
				supplierName: z.string(),
				unitPriceCents: z.number().int(),
				costRupees: z.number().int(),
				marginPercent: z.number(),
				minMarginPercent: z.number().int(),
			}),
		)
		.describe('Chosen options whose supplier’s latest price (checked daily) leaves less than their minimum margin after PayPro’s fee, at the owner’s rate'),
})

export const repriceContract = defineContract({
	method: 'POST',
	path: '/api/admin/products/reprice',
	summary:
		'Reprice options from their costs: cost × rate × (1 + margin %), rounded up to Rs. 10, 50 or 100. Chooses options by `variantIds`, `productId` and/or `platform` (none: all). Answers the preview (old and new price of each, skipped ones with why); with `apply: true` writes the new prices in one transaction, audited',
	tag: 'Products',
	permission: 'owner',
	scope: 'catalogue',
	body: repriceInput,
	response: repricePlan,
})

/** The product endpoints' contracts. */
export const productsContracts: AdminContract[] = [
	listProductsContract,
	createProductContract,
	getProductContract,
	updateProductContract,
	deleteProductContract,
	duplicateProductContract,
	repriceContract,
]
