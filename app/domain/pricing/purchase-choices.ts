import { CONTENT_PAGES, type Product } from '../catalogue/types'
import { termsPathOf, type TermsPath } from '../catalogue/terms-page'
import type { OptionFacts } from '../catalogue/option-parts'
import { accountTypeLabel } from './account-type-label'
import type { CartItem } from '../cart/cart'
import { toCartItem } from '../cart/to-cart-item'
import { offersAccountTypes, priceChoice, type Choice } from './price-of'
import { customDurationQuote, customValueQuote } from '../../utils/chat'
import type { Translate } from '../../i18n/catalogue'
import type { Lang } from '../../i18n/lang'
import { denominationsOf, durationsOf, isCustomDenomination, isCustomDuration, quotableMonths, twoMonthSaving, type AccountType } from './product-options'

// The product page's purchase panel, priced on the server (ADR-001's one price rule, ADR-007): every
// option with what it costs as each account type, its cart line and its stock, so the browser picks
// among answers and never carries the pricing rules.

/** An account type, or 'any' for a product not sold as private or shared. */
export type OfferKey = AccountType | 'any'

export interface Offer {
	/** The price of this option as this account type; null when that combination is not sold online. */
	price: number | null
	/** The cart line it adds (toCartItem); null when it cannot be added. */
	item: Omit<CartItem, 'quantity'> | null
	/** 'instant' | 'few' | 'out' | 'manual' for the option's variant (never a count); absent when unknown. */
	availability?: string
	/** Out of stock, and the product sells from stock only: it cannot be bought. */
	soldOut: boolean
}

export interface PurchaseOption {
	/** The option's label (a duration or a value) as the catalogue records it, which names it in forms and links; '' for a product without options. */
	label: string
	/** What the option is, for its label in the page's language (i18n/option-label.ts). */
	facts: OptionFacts
	/** The custom duration or value: it asks for a quote instead of being chosen. */
	custom: boolean
	/** The option's own listed price (0 for a custom one). */
	listed: number
	offers: Partial<Record<OfferKey, Offer>>
	/** §2: the two-month option's saving over two single months, per account type. */
	saving?: Partial<Record<OfferKey, { saving: number; doubled: number }>>
}

export interface PurchaseChoices {
	/** The terms Buy Now goes through first (the product's setting), for buyNowTargetVia. */
	terms: TermsPath | null
	/** The page listing what the product includes, and its link's words. */
	contentLink: { to: string; label: string } | null
	/** How each account type is named on the page ('Private', 'Shared'). */
	typeLabels: Record<AccountType, string>
	/** Which Buy Now field the options fill; null when the product has none. */
	field: 'duration' | 'value' | null
	options: PurchaseOption[]
	accountTypes: boolean
	/** What the custom option asks a quote for (lengths, or value ranges), each with its WhatsApp message. */
	quotes: Quote[]
	/** A product with both durations and values: the values, listed under the durations, and what each pair costs. */
	values: PairedValues | null
}

/** The values list of a product sold by duration and value: each value priced alone (for its line in the list). */
export interface PairedValues {
	options: PurchaseOption[]
	quotes: Quote[]
	/** The offers of a duration and a value chosen together: `pairs[duration label][value label]`. */
	pairs: Record<string, Record<string, Partial<Record<OfferKey, Offer>>>>
}

/** A length or value range the custom option asks a quote for: a length is said from its months. */
export interface Quote {
	label: string
	text: string
	facts?: OptionFacts
}

/** The value ranges a gift card's custom amount asks a quote for. */
export const CUSTOM_VALUE_RANGES = ['$20-$50', '$50-$80', '$80-$100']

/** Stock per variant id ('instant' | 'few' | 'out' | 'manual'), and whether an option that is out cannot be bought. */
export interface StockView {
	availability: Record<number, string>
	stockOnly: boolean
}

/** The page's words for the quote messages a buyer sends on WhatsApp: its `t` and language. */
export interface ChatWords {
	t: Translate
	lang: Lang
}

/** What the product page's panel offers (the options in the order it lists them), priced; the quote messages in the page's language. */
export function purchaseChoices(product: Product, stock: StockView, { t, lang }: ChatWords): PurchaseChoices {
	const quoteMonths = quotableMonths(durationsOf(product))
	// The custom duration is offered only for lengths not already priced on the page.
	const durations = durationsOf(product)?.filter((d) => !isCustomDuration(d) || quoteMonths.length > 0) ?? null
	const denominations = denominationsOf(product)
	const accountTypes = offersAccountTypes(product)
	const keys: OfferKey[] = accountTypes ? ['private', 'shared'] : ['any']
	const typeOf = (key: OfferKey) => (key === 'any' ? undefined : key)
	const settings = {
		terms: termsPathOf(product.termsPage),
		contentLink: product.contentPage ? { to: product.contentPage, label: CONTENT_PAGES[product.contentPage] } : null,
		typeLabels: { private: accountTypeLabel('private')!, shared: accountTypeLabel('shared')! },
	}

	const offer = (choice: Choice, key: OfferKey): Offer => {
		const priced = priceChoice(product, { ...choice, accountType: typeOf(key) })
		const found = 'problem' in priced ? null : priced
		const availability = found?.variantId != null ? stock.availability[found.variantId] : undefined
		return {
			price: found?.price ?? null,
			item: toCartItem(product, { ...choice, accountType: typeOf(key) }),
			...(availability ? { availability } : {}),
			soldOut: availability === 'out' && stock.stockOnly,
		}
	}
	const offers = (choice: Choice) => Object.fromEntries(keys.map((key) => [key, offer(choice, key)]))
	const valueQuotes = () => CUSTOM_VALUE_RANGES.map((range) => ({ label: range, text: customValueQuote(t, lang, product.name, range) }))
	const valueOptions = (list: NonNullable<typeof denominations>) =>
		list.map((d) => ({ label: d.label, facts: { value: d.value, label: d.label }, custom: isCustomDenomination(d), listed: d.price, offers: isCustomDenomination(d) ? {} : offers({ denomination: d }) }))

	if (durations) {
		return {
			...settings,
			field: 'duration',
			accountTypes,
			values: denominations
				? {
						options: valueOptions(denominations),
						quotes: valueQuotes(),
						pairs: Object.fromEntries(
							durations
								.filter((d) => !isCustomDuration(d))
								.map((d) => [d.label, Object.fromEntries(denominations.filter((v) => !isCustomDenomination(v)).map((v) => [v.label, offers({ duration: d, denomination: v })]))]),
						),
					}
				: null,
			quotes: quoteMonths.map((m) => ({ label: `${m} Months`, facts: { months: m }, text: customDurationQuote(t, product.name, m) })),
			options: durations.map((d) => {
				const custom = isCustomDuration(d)
				const saving =
					d.months === 2 ? Object.fromEntries(keys.map((key) => [key, twoMonthSaving(durations, (x) => offer({ duration: x }, key).price)])) : null
				return {
					label: d.label,
					facts: { months: d.months },
					custom,
					listed: d.price,
					offers: custom ? {} : offers({ duration: d }),
					...(saving ? { saving: Object.fromEntries(Object.entries(saving).filter(([, s]) => s)) } : {}),
				}
			}),
		}
	}
	if (denominations) {
		return {
			...settings,
			field: 'value',
			accountTypes,
			quotes: valueQuotes(),
			options: valueOptions(denominations),
			values: null,
		}
	}
	return { ...settings, field: null, accountTypes, quotes: [], options: [{ label: '', facts: {}, custom: false, listed: 0, offers: offers({}) }], values: null }
}
