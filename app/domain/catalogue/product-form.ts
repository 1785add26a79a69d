import type { z } from 'zod'
import { CLAIM_DAYS_DEFAULT } from '../claims/claim-rules'
import type { Cost } from '../costs/cost-rules'
import { westernDigits } from '../../utils/digits'
import { readTypedAmount } from '../../utils/typed-amount'
import { createProductInput, MAX_VARIANTS, type CreateProductInput } from './product-input'
import type { Category, ContentPage, ProductBadge, ProductKind, Specification, TermsPage, Variant } from './types'

// The console's product form, which works without scripts: every field is text. This reads it into
// the input the catalogue takes (options in the owner's order, blank rows left out) and names each
// problem after the form field it belongs to, in a sentence the owner can act on.

export type ProductFormValues = Record<string, string>

export const PLATFORM_LABELS: Record<Category, string> = { xbox: 'Xbox', playstation: 'PlayStation', pc: 'PC' }

export const KIND_LABELS: Record<ProductKind, string> = {
	subscription: 'Subscription',
	gift_card: 'Gift card',
	game_key: 'Game key',
	account: 'Account',
	content_pack: 'Content pack',
}

export const BADGE_LABELS: Record<ProductBadge, string> = { sale: 'Sale', new: 'New' }

/** What each terms setting means to a buyer; Buy Now goes to these terms first. */
export const TERMS_PAGE_LABELS: Record<TermsPage, string> = {
	'game-pass-console': 'Console Game Pass terms (with shared-account warning)',
	'game-pass-pc': 'PC Game Pass terms',
}

export const CONTENT_PAGE_LABELS: Record<ContentPage, string> = {
	'/game-pass-library': 'Game Pass library (“View Included Games”)',
	'/gta-v-content': 'GTA V content (“View Included Content”)',
	'/tekken-7-content': 'Tekken 7 content (“View Included Content”)',
}

/** The review groups the shop knows; products of one group show each other's reviews. */
export const REVIEW_GROUP_LABELS: Record<string, string> = {
	'game-pass': 'Game Pass (shares reviews with the other Game Pass products)',
}

/** Blank rows under the saved ones, so options and specifications can be added without scripts. */
export const BLANK_OPTION_ROWS = 3
export const BLANK_SPEC_ROWS = 2
export const MAX_OPTION_ROWS = MAX_VARIANTS + 10
export const MAX_SPEC_ROWS = 30

export const OPTION_FIELDS = ['id', 'label', 'months', 'value', 'accountType', 'price', 'costAmount', 'costCurrency', 'hidden', 'position'] as const

/** The product as the catalogue hands it to the console (AdminProduct), the part the form shows. */
export interface ProductFormSource {
	name: string
	platform: Category
	kind: ProductKind
	caption: string
	description: string
	nameUr?: string | null
	descriptionUr?: string | null
	features: string[]
	featuresUr?: string[] | null
	captionUr?: string | null
	specifications: Specification[]
	badge: ProductBadge | null
	originalPrice: number | null
	featured: boolean
	hasDuration: boolean
	claimDays?: number
	autoReplace?: boolean
	returnDays?: number | null
	sortOrder: number
	visible: boolean
	termsPage: TermsPage | null
	contentPage: ContentPage | null
	reviewGroup: string | null
	variants: (Variant & { cost?: Cost | null })[]
}

const text = (n: number | null | undefined) => (n == null ? '' : String(n))

/** A product in the form's own field names; without one, a new product's starting values. */
export function productFormValues(product?: ProductFormSource): ProductFormValues {
	if (!product) {
		return {
			platform: 'xbox',
			kind: 'subscription',
			visible: '1',
			sortOrder: '0',
			claimDays: String(CLAIM_DAYS_DEFAULT),
			'variants.rows': String(BLANK_OPTION_ROWS),
			'specifications.rows': String(BLANK_SPEC_ROWS),
		}
	}
	const values: ProductFormValues = {
		name: product.name,
		platform: product.platform,
		kind: product.kind,
		caption: product.caption,
		description: product.description,
		nameUr: product.nameUr ?? '',
		descriptionUr: product.descriptionUr ?? '',
		features: product.features.join('\n'),
		featuresUr: (product.featuresUr ?? []).join('\n'),
		captionUr: product.captionUr ?? '',
		badge: product.badge ?? '',
		originalPrice: text(product.originalPrice),
		sortOrder: String(product.sortOrder),
		claimDays: String(product.claimDays ?? CLAIM_DAYS_DEFAULT),
		returnDays: text(product.returnDays),
		termsPage: product.termsPage ?? '',
		contentPage: product.contentPage ?? '',
		reviewGroup: product.reviewGroup ?? '',
		'variants.rows': String(product.variants.length + BLANK_OPTION_ROWS),
		'specifications.rows': String(product.specifications.length + BLANK_SPEC_ROWS),
	}
	if (product.visible) values.visible = '1'
	if (product.featured) values.featured = '1'
	if (product.hasDuration) values.hasDuration = '1'
	if (product.autoReplace) values.autoReplace = '1'
	product.variants.forEach((v, i) => {
		Object.assign(values, {
			[`variants.${i}.id`]: String(v.id),
			[`variants.${i}.label`]: v.label,
			[`variants.${i}.months`]: text(v.months),
			[`variants.${i}.value`]: text(v.value),
			[`variants.${i}.accountType`]: v.accountType ?? '',
			[`variants.${i}.price`]: String(v.price),
			[`variants.${i}.costAmount`]: v.cost ? String(v.cost.amount) : '',
			[`variants.${i}.costCurrency`]: v.cost?.currency ?? 'PKR',
			[`variants.${i}.position`]: String(i + 1),
		})
		if (v.hidden) values[`variants.${i}.hidden`] = '1'
	})
	product.specifications.forEach((s, i) => {
		values[`specifications.${i}.label`] = typeof s === 'string' ? '' : s.label
		values[`specifications.${i}.value`] = typeof s === 'string' ? s : s.value
	})
	return values
}

/** How many rows of a list the form holds (capped, so a forged count cannot make the page huge). */
export const rowCount = (values: ProductFormValues, list: 'variants' | 'specifications') =>
	Math.max(0, Math.min(Math.trunc(Number(values[`${list}.rows`])) || 0, list === 'variants' ? MAX_OPTION_ROWS : MAX_SPEC_ROWS))

const cell = (values: ProductFormValues, list: string, row: number, field: string) => (values[`${list}.${row}.${field}`] ?? '').trim()

/** A whole number typed by a person: spaces and thousands commas allowed; anything else stays text, for the schema to refuse in words. */
function numberFrom(typed: string, { money = false } = {}): number | string | null {
	if (typed.trim() === '') return null
	if (money) {
		// "Rs. 1,500", "1500 rupees", "PKR 1500": the one reading of a typed amount; a percent or dollars stay text, for the schema to refuse.
		const read = readTypedAmount(typed)
		return read.ok && read.unit !== 'percent' && read.unit !== 'dollars' ? Math.min(read.amount, Number.MAX_SAFE_INTEGER) : typed
	}
	const t = westernDigits(typed).replace(/[\s,]/g, '')
	if (!/^-?\d+(\.\d+)?$/.test(t)) return typed
	// Past what a number holds exactly it is still "too large", never "not a whole number".
	const n = Number(t)
	return Math.abs(n) > Number.MAX_SAFE_INTEGER ? Math.sign(n) * Number.MAX_SAFE_INTEGER : n
}

/** A cost typed in the form: empty is none; "US$ 4.99" or "4.99" with USD chosen is dollars; rupees otherwise. */
function costFrom(typed: string, currency: string) {
	if (typed.trim() === '') return null
	const read = readTypedAmount(typed)
	const amount = read.ok && read.unit !== 'percent' ? read.amount : typed
	// A unit written in the box ("US$ 4.99", "Rs. 900") wins over the currency chosen beside it.
	const written = read.ok ? read.unit : null
	return { amount, currency: written === 'dollars' ? 'USD' : written === 'rupees' ? 'PKR' : currency === 'USD' ? 'USD' : 'PKR' }
}

const oneLine = (typed: string | undefined) => (typed ?? '').replace(/\s+/g, ' ')

const isBlankOption = (values: ProductFormValues, row: number) => ['id', 'label', 'months', 'value', 'price', 'costAmount'].every((f) => cell(values, 'variants', row, f) === '')

/**
 * The option rows in the order they are sold: by their position number; among equal numbers, a row
 * the owner moved there comes before the one that was already there, then the page's order.
 */
export function optionRowOrder(values: ProductFormValues): number[] {
	const rows = Array.from({ length: rowCount(values, 'variants') }, (_, row) => {
		const typed = cell(values, 'variants', row, 'position')
		const position = /^-?\d{1,6}$/.test(typed) ? Number(typed) : null
		return { row, position: position ?? row + 1, moved: position != null && position !== row + 1 }
	})
	rows.sort((a, b) => a.position - b.position || Number(b.moved) - Number(a.moved) || a.row - b.row)
	return rows.map((r) => r.row)
}

const FEATURE_MAX = 200
const SPEC_LABEL_MAX = 60
const SPEC_VALUE_MAX = 200

/** Zod's own messages, for the checks the schema leaves unworded, as sentences about this form. */
const FALLBACK: Record<string, string> = {
	name: 'Please give the product a name.',
	caption: 'A caption can be at most 80 characters.',
	description: 'Please describe the product.',
	features: 'At most 20 features, one per line.',
	'features.*': `Each feature can be at most ${FEATURE_MAX} characters.`,
	specifications: 'At most 20 specifications.',
	sortOrder: 'The sort order must be a whole number from -100,000 to 100,000.',
	claimDays: 'Claims may be made for a whole number of days from 0 (no claims) to 365.',
	termsPage: 'Choose one of the listed terms pages, or none.',
	contentPage: 'Choose one of the listed pages, or none.',
	reviewGroup: 'Choose one of the listed review groups, or none.',
	'variants.*.label': 'Every option needs a label, like "1 Month" or "$10 USD".',
	'variants.*.months': 'Months must be a whole number from 0 to 120.',
	'variants.*.value': 'A gift-card value must be a whole number from 0 to 1,000,000.',
	'variants.*.cost': 'A cost is an amount in rupees or US dollars.',
}
const UNKNOWN_OPTION = 'This option is not one of this product’s any more. Please reload the page and try again.'

const pattern = (path: readonly PropertyKey[]) => path.map((p) => (typeof p === 'number' ? '*' : String(p))).join('.')

/** The form's input: every field but the status, which Publish and Unpublish change (ADR-046). */
export type ProductFormInput = Omit<CreateProductInput, 'status'>

export type ProductFormResult = { ok: true; input: ProductFormInput } | { ok: false; message: string; fieldErrors: Record<string, string> }

/** What to say above a refused form. */
export const notSavedMessage = (fieldErrors: Record<string, string>) => {
	const count = Object.keys(fieldErrors).length
	return count === 1 ? `Nothing was saved: ${Object.values(fieldErrors)[0]}` : `Nothing was saved. Please correct the ${count} fields marked below.`
}

/** The product form's problems, by the form's field names, as the action refuses it: the editor checks with it before sending. */
export function productFormErrors(values: ProductFormValues): Record<string, string> {
	const read = readProductForm(values)
	return read.ok ? {} : read.fieldErrors
}

/** The posted form as a product's full input, or field errors named by the form's fields. */
export function readProductForm(values: ProductFormValues): ProductFormResult {
	const own: Record<string, string> = {}

	const optionRows = optionRowOrder(values).filter((row) => !isBlankOption(values, row))
	const variants = optionRows.map((row) => {
		const get = (field: string) => cell(values, 'variants', row, field)
		if (get('price') === '') own[`variants.${row}.price`] = 'Please give this option a price in rupees (0 only for the custom entry quoted on WhatsApp).'
		const accountType = get('accountType')
		return {
			...(get('id') ? { id: get('id') } : {}),
			label: get('label'),
			months: numberFrom(get('months')),
			value: numberFrom(get('value')),
			accountType: accountType === '' ? null : accountType,
			price: numberFrom(get('price'), { money: true }) ?? 0,
			cost: costFrom(get('costAmount'), get('costCurrency')),
			hidden: get('hidden') !== '',
		}
	})

	const specRows: number[] = []
	const specifications: Specification[] = []
	for (let row = 0; row < rowCount(values, 'specifications'); row++) {
		const label = cell(values, 'specifications', row, 'label')
		const value = cell(values, 'specifications', row, 'value')
		if (!label && !value) continue
		if (label.length > SPEC_LABEL_MAX) own[`specifications.${row}.label`] = `A specification’s name can be at most ${SPEC_LABEL_MAX} characters.`
		if (value.length > SPEC_VALUE_MAX) own[`specifications.${row}.value`] = `A specification’s value can be at most ${SPEC_VALUE_MAX} characters.`
		else if (!value) own[`specifications.${row}.value`] = `Please give “${label}” a value, or clear its name.`
		specRows.push(row)
		specifications.push(label ? { label, value } : value)
	}

	const lines = (text: string | undefined) =>
		(text ?? '')
			.split(/\r?\n/)
			.map((line) => line.trim())
			.filter(Boolean)
	const features = lines(values.features)
	const longFeature = features.findIndex((f) => f.length > FEATURE_MAX)
	if (longFeature >= 0) own.features = `Feature ${longFeature + 1} is longer than ${FEATURE_MAX} characters: please shorten it.`
	const featuresUr = lines(values.featuresUr)
	const longUrdu = featuresUr.findIndex((f) => f.length > FEATURE_MAX)
	if (longUrdu >= 0) own.featuresUr = `Urdu feature ${longUrdu + 1} is longer than ${FEATURE_MAX} characters: please shorten it.`

	const orNull = (name: string) => (values[name] ?? '').trim() || null
	const raw = {
		// Typed in boxes that wrap: a line break in them is a space.
		name: oneLine(values.name),
		platform: values.platform ?? '',
		kind: values.kind ?? '',
		caption: oneLine(values.caption),
		description: values.description ?? '',
		nameUr: oneLine(values.nameUr) || null,
		descriptionUr: (values.descriptionUr ?? '').trim() || null,
		captionUr: oneLine(values.captionUr) || null,
		features,
		featuresUr: featuresUr.length ? featuresUr : null,
		specifications,
		badge: orNull('badge'),
		originalPrice: numberFrom(values.originalPrice ?? '', { money: true }),
		featured: Boolean(values.featured),
		hasDuration: Boolean(values.hasDuration),
		claimDays: (values.claimDays ?? '').trim() === '' ? CLAIM_DAYS_DEFAULT : numberFrom(values.claimDays ?? ''),
		autoReplace: Boolean(values.autoReplace),
		returnDays: numberFrom(values.returnDays ?? '') ?? null,
		sortOrder: numberFrom(values.sortOrder ?? '') ?? 0,
		visible: Boolean(values.visible),
		termsPage: orNull('termsPage'),
		contentPage: orNull('contentPage'),
		reviewGroup: orNull('reviewGroup'),
		variants,
	}

	const parsed = createProductInput.safeParse(raw, { error: (issue) => FALLBACK[pattern(issue.path ?? [])] })
	const fieldErrors: Record<string, string> = {}
	const issues: z.core.$ZodIssue[] = parsed.success ? [] : parsed.error.issues
	for (const issue of issues) {
		const [list, index, field] = issue.path
		let name: string
		if (list === 'variants' && typeof index === 'number')
			name = field === undefined ? `variants.${optionRows[index]}` : field === 'cost' ? `variants.${optionRows[index]}.costAmount` : `variants.${optionRows[index]}.${String(field)}`
		else if (list === 'specifications' && typeof index === 'number') name = `specifications.${specRows[index]}.${field === 'label' ? 'label' : 'value'}`
		else name = String(list ?? 'form')
		const message = field === 'id' ? UNKNOWN_OPTION : issue.message
		fieldErrors[name] ??= message
	}
	Object.assign(fieldErrors, own)
	if (parsed.success && Object.keys(fieldErrors).length === 0) {
		const { status: _status, ...input } = parsed.data
		return { ok: true, input }
	}
	return { ok: false, message: notSavedMessage(fieldErrors), fieldErrors }
}

/**
 * A refusal from the catalogue (the rules across options, an option that is not this product's) as
 * form errors: the domain's short field notes become its sentence.
 */
export function catalogueFieldErrors(message: string, fieldErrors: Record<string, string> | undefined): Record<string, string> {
	return Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([name, note]) => [name, note.endsWith('.') ? note : message]))
}

/** What the list shows of a product's options: how many a buyer sees, and the prices they start and end at. */
export function optionsSummary(variants: Pick<Variant, 'price' | 'hidden'>[]) {
	const shown = variants.filter((v) => !v.hidden)
	const prices = shown.map((v) => v.price).filter((p) => p > 0)
	return {
		shown: shown.length,
		hidden: variants.length - shown.length,
		from: prices.length ? Math.min(...prices) : null,
		to: prices.length ? Math.max(...prices) : null,
	}
}
