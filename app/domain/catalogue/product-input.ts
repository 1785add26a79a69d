import { z } from 'zod'
import { CLAIM_DAYS_DEFAULT, CLAIM_DAYS_MAX } from '../claims/claim-rules'
import { idSchema, nameSchema, textSchema } from '../../utils/input'
import { formatRs, MAX_PRICE } from '../../utils/money'
import { costSchema } from '../costs/cost-rules'
import { minMarginInput, variantSupplyInput } from '../suppliers/supplier-input'
import { CATEGORIES, CONTENT_PAGES, PRODUCT_BADGES, PRODUCT_KINDS, TERMS_PAGES, type ContentPage, type TermsPage } from './types'
import { PRODUCT_STATUSES } from './on-sale'

// What the console (form and JSON API) sends to create or change a product. Prices are whole rupees;
// the server checks everything here again, whoever sends it.

export const MAX_VARIANTS = 50

const rupees = (what: string) =>
	z
		.number({ error: `${what} must be a whole number of rupees.` })
		// The cap first: a number past it (1e21 too, which is no safe integer) is told the cap.
		.max(MAX_PRICE, `${what} can be at most ${formatRs(MAX_PRICE)}.`)
		.min(0, `${what} cannot be negative.`)
		.int(`${what} must be a whole number of rupees.`)

export const variantInput = z
	.object({
		/** An existing variant of this product: it keeps its id (orders and stock refer to it). */
		id: idSchema('Unknown option').optional(),
		label: nameSchema('Every option needs a label, like "1 Month" or "$10 USD".', 60, 'An option label can be at most 60 characters.'),
		months: z.number().int('Months must be a whole number.').min(0).max(120, 'A duration can be at most 120 months.').nullish(),
		value: z.number().int('A gift-card value must be a whole number.').min(0).max(1_000_000).nullish(),
		accountType: z.enum(['private', 'shared'], { error: 'Account type must be private or shared.' }).nullish(),
		price: rupees('A price'),
		/** What one costs the shop, in rupees or US dollars (owner and catalogue staff only); null clears it, left out keeps it. */
		cost: costSchema.nullable().optional(),
		hidden: z.boolean().optional(),
		/** Suppliers that sell it when stock runs out, in order of preference (ADR-053); [] removes them, left out keeps them. */
		supply: variantSupplyInput.optional(),
		/** The least margin (percent of its price) a unit bought from a supplier must leave; null: 0. Left out keeps it. */
		minMarginPercent: minMarginInput.optional(),
	})
	.refine((v) => v.months == null || v.value == null, { message: 'An option is a duration or a gift-card value, not both.' })
	.refine((v) => v.price > 0 || v.months === 0 || v.value === 0, {
		message: 'Every option needs a price above Rs. 0, except the custom entry (0 months or value 0) that is quoted on WhatsApp.',
		path: ['price'],
	})
export type VariantInput = z.infer<typeof variantInput>

/** A specification row of a product page: a label and its value. */
export const specificationInput = z.object({ label: textSchema().pipe(z.string().min(1).max(60)), value: textSchema().pipe(z.string().min(1).max(200)) })

const settingKeys = <T extends Record<string, unknown>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]]

const productFields = {
	name: nameSchema('Please give the product a name.', 120, 'A product name can be at most 120 characters.'),
	platform: z.enum(CATEGORIES, { error: 'Platform must be xbox, playstation or pc.' }),
	kind: z.enum(PRODUCT_KINDS, { error: 'Kind must be subscription, gift_card, game_key, account or content_pack.' }),
	caption: textSchema().pipe(z.string().max(80, 'A caption can be at most 80 characters.')),
	description: textSchema().pipe(z.string().min(1, 'Please describe the product.').max(4000, 'A description can be at most 4,000 characters.')),
	// The Urdu name and description for /ur pages (ADR-032): optional, blank is none (the English shows there).
	nameUr: textSchema()
		.pipe(z.string().max(120, 'An Urdu name can be at most 120 characters.'))
		.transform((v) => v || null)
		.nullable(),
	captionUr: textSchema()
		.pipe(z.string().max(80, 'An Urdu caption can be at most 80 characters.'))
		.transform((v) => v || null)
		.nullable(),
	descriptionUr: textSchema()
		.pipe(z.string().max(4000, 'An Urdu description can be at most 4,000 characters.'))
		.transform((v) => v || null)
		.nullable(),
	features: z.array(textSchema().pipe(z.string().min(1).max(200)), { error: 'Features must be a list of short texts.' }).max(20, 'At most 20 features.'),
	// The Urdu features for /ur pages: optional, an empty list is none (the English list shows there).
	featuresUr: z
		.array(textSchema().pipe(z.string().min(1).max(200)), { error: 'Urdu features must be a list of short texts.' })
		.max(20, 'At most 20 Urdu features.')
		.transform((v) => (v.length ? v : null))
		.nullable(),
	specifications: z
		.array(
			z.union([specificationInput, textSchema().pipe(z.string().min(1).max(200))]),
			{ error: 'Specifications must be a list of label and value pairs.' },
		)
		.max(20, 'At most 20 specifications.'),
	badge: z.enum(PRODUCT_BADGES, { error: 'Badge must be sale or new.' }).nullable(),
	originalPrice: rupees('The original price').nullable(),
	featured: z.boolean(),
	hasDuration: z.boolean(),
	claimDays: z.number({ error: 'Claims may be made for a whole number of days from 0 (no claims) to 365.' }).int('Claims may be made for a whole number of days from 0 (no claims) to 365.').min(0, 'Claims may be made for a whole number of days from 0 (no claims) to 365.').max(CLAIM_DAYS_MAX, 'Claims may be made for a whole number of days from 0 (no claims) to 365.').describe('Days after delivery a buyer may report a delivered unit as not working (ADR-052); 0: no claims'),
	autoReplace: z.boolean().describe('A claim is answered at once with a replacement from stock, once per order, when stock has a unit'),
	returnDays: z
		.number({ error: 'Return days must be a whole number of days from 0 to 365.' })
		.int('Return days must be a whole number of days from 0 to 365.')
		.min(0, 'Return days must be a whole number of days from 0 to 365.')
		.max(365, 'Return days must be a whole number of days from 0 to 365.')
		.nullable()
		.describe('Days after delivery a buyer may return a code from stock they never opened, for store credit; 0 or null: no returns'),
	sortOrder: z.number().int().min(-100_000).max(100_000),
	visible: z.boolean(),
	status: z.enum(PRODUCT_STATUSES, { error: 'Status must be draft or published.' }).describe('draft: seen only by staff (the console’s preview) until published; published: on sale while visible'),
	termsPage: z.enum(settingKeys(TERMS_PAGES) as [TermsPage, ...TermsPage[]]).nullable(),
	contentPage: z.enum(settingKeys(CONTENT_PAGES) as [ContentPage, ...ContentPage[]]).nullable(),
	reviewGroup: z
		.string()
		.trim()
		.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A review group is a short name in lower-case letters, digits and dashes, like "game-pass".')
		.nullable(),
	variants: z
		.array(variantInput, { error: 'Options must be a list.' })
		.min(1, 'A product needs at least one option with a price.')
		.max(MAX_VARIANTS, `At most ${MAX_VARIANTS} options per product.`),
}

/** A new product: name, platform, kind, description and its options are required; the rest has defaults. */
export const createProductInput = z.object({
	...productFields,
	caption: productFields.caption.default(''),
	nameUr: productFields.nameUr.default(null),
	descriptionUr: productFields.descriptionUr.default(null),
	captionUr: productFields.captionUr.default(null),
	features: productFields.features.default([]),
	featuresUr: productFields.featuresUr.default(null),
	specifications: productFields.specifications.default([]),
	badge: productFields.badge.default(null),
	originalPrice: productFields.originalPrice.default(null),
	featured: productFields.featured.default(false),
	hasDuration: productFields.hasDuration.default(false),
	claimDays: productFields.claimDays.default(CLAIM_DAYS_DEFAULT),
	autoReplace: productFields.autoReplace.default(false),
	returnDays: productFields.returnDays.default(null),
	sortOrder: productFields.sortOrder.default(0),
	visible: productFields.visible.default(true),
	// Tools that create products through the API expect them on sale; the console's new page makes drafts.
	status: productFields.status.default('published'),
	termsPage: productFields.termsPage.default(null),
	contentPage: productFields.contentPage.default(null),
	reviewGroup: productFields.reviewGroup.default(null),
})
export type CreateProductInput = z.infer<typeof createProductInput>

/** A change: any of the fields; `variants` is the full list in order (listed ids kept, new ones added, missing ones hidden). */
export const updateProductInput = z.object(productFields).partial()
export type UpdateProductInput = z.infer<typeof updateProductInput>

/** The combination an option sells: two visible options may not sell the same one. */
const comboOf = (v: Pick<VariantInput, 'months' | 'value' | 'accountType'>) => `${v.months ?? '-'}|${v.value ?? '-'}|${v.accountType ?? '-'}`

/** Rules across a product's options; null when they hold, else the sentence to show. */
export function variantsProblem(variants: Pick<VariantInput, 'months' | 'value' | 'accountType' | 'hidden' | 'label'>[]): string | null {
	const visible = variants.filter((v) => !v.hidden)
	if (!visible.length) return 'A product needs at least one visible option with a price.'
	const kinds = new Set(visible.map((v) => (v.months != null ? 'duration' : v.value != null ? 'value' : 'plain')))
	if (kinds.size > 1) return 'A product is sold by duration, by gift-card value, or as itself (with account types): not a mix.'
	const seen = new Set<string>()
	for (const v of visible) {
		const key = comboOf(v)
		if (seen.has(key)) return `Two options sell the same thing ("${v.label}"): give each duration, value or account type once.`
		seen.add(key)
	}
	if (kinds.has('plain') && visible.length > 1 && visible.some((v) => v.accountType == null))
		return 'A product sold as itself has one option, or a private and a shared account.'
	return null
}
