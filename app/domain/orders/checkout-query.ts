import type { OrderLine } from '../../db/schema'
import type { MessageKey } from '../../i18n/catalogue'
import type { CheckoutState } from '../catalogue/buy-now-target'
import type { Product } from '../catalogue/types'
import { lineOption, type OptionFacts } from '../catalogue/option-parts'
import { offersAccountTypes, priceChoice, priceOf } from '../pricing/price-of'
import { denominationsOf, durationsOf, type AccountType } from '../pricing/product-options'
import { BUY_FIELDS } from './buy-fields'

// A checkout line named in the address (/checkout?product=1&duration=2+Months): what the product
// page's Buy Now form sends when the page has no scripts, and what a renewal opens. The server
// reads it on every request (page and order), so the line is the same whether scripts run or not.


/** What a renewal link that finds nothing reads (its message's key). */
export const RENEWAL_NOT_FOUND = 'checkout.renewalNotFound' satisfies MessageKey

/** What a line that cannot be bought online reads (its message's key). */
export const NOT_SOLD_MESSAGE = 'checkout.notSold' satisfies MessageKey

export interface BuyQuery {
	productId: number
	duration: string | null
	value: string | null
	accountType: AccountType | null
	/** The buyer ticked "I have read and agree to these terms" (products with Game Pass terms). */
	terms: boolean
}

export interface RenewQuery {
	orderNumber: string
	line: number
}

export function readBuyQuery(params: URLSearchParams): BuyQuery | null {
	const raw = params.get(BUY_FIELDS.product)
	if (raw === null || !/^\d{1,9}$/.test(raw)) return null
	const accountType = params.get(BUY_FIELDS.accountType)
	const text = (name: string) => params.get(name)?.slice(0, 80) || null
	return {
		productId: Number(raw),
		duration: text(BUY_FIELDS.duration),
		value: text(BUY_FIELDS.value),
		accountType: accountType === 'private' || accountType === 'shared' ? accountType : null,
		terms: params.get(BUY_FIELDS.terms) === 'agreed',
	}
}

export function readRenewQuery(params: URLSearchParams): RenewQuery | null {
	const orderNumber = params.get(BUY_FIELDS.renew)?.trim()
	const line = params.get(BUY_FIELDS.line) ?? '0'
	if (!orderNumber || orderNumber.length > 100 || !/^\d{1,3}$/.test(line)) return null
	return { orderNumber, line: Number(line) }
}

/** Before the line can be bought: the account type (with both prices) and the product's terms. */
export interface BuyQuestions {
	product: Pick<Product, 'id' | 'name' | 'termsPage'>
	/** The option chosen so far, said in the page's language (i18n/option-label.ts). */
	option: OptionFacts | null
	/** Both prices when the account type is still to choose. */
	accountPrices: { private: number | null; shared: number | null } | null
	termsPage: Product['termsPage']
	/** The fields already chosen, carried along by the question's form. */
	carry: Record<string, string>
}

export type BuyLine = { kind: 'line'; state: CheckoutState } | { kind: 'ask'; questions: BuyQuestions } | { kind: 'not-sold'; productId: number | null }

/** What the address asks to buy, checked against the product as sold today. */
export function resolveBuyQuery(product: Product | null, query: BuyQuery): BuyLine {
	if (!product) return { kind: 'not-sold', productId: null }
	const durations = durationsOf(product)
	const denominations = denominationsOf(product)
	const duration = durations ? durations.find((d) => d.label === (query.duration ?? durations[0]!.label)) : null
	const denomination = denominations ? denominations.find((d) => d.label === (query.value ?? denominations[0]!.label)) : null
	if (duration === undefined || denomination === undefined) return { kind: 'not-sold', productId: product.id }
	const choice = { duration, denomination }
	const needsAccountType = offersAccountTypes(product) && query.accountType === null
	const priced = priceChoice(product, { ...choice, accountType: needsAccountType ? null : query.accountType })
	if ('problem' in priced || priced.price <= 0) return { kind: 'not-sold', productId: product.id }
	const needsTerms = product.termsPage !== null && !query.terms
	if (needsAccountType || needsTerms) {
		const carry: Record<string, string> = { [BUY_FIELDS.product]: String(product.id) }
		if (duration) carry[BUY_FIELDS.duration] = duration.label
		if (denomination) carry[BUY_FIELDS.value] = denomination.label
		if (!needsAccountType && query.accountType) carry[BUY_FIELDS.accountType] = query.accountType
		if (!needsTerms) carry[BUY_FIELDS.terms] = 'agreed'
		return {
			kind: 'ask',
			questions: {
				product: { id: product.id, name: product.name, termsPage: product.termsPage },
				option: lineOption({ selectedDuration: duration, selectedDenomination: denomination }),
				accountPrices: needsAccountType
					? { private: priceOf(product, { ...choice, accountType: 'private' }), shared: priceOf(product, { ...choice, accountType: 'shared' }) }
					: null,
				termsPage: needsTerms ? product.termsPage : null,
				carry,
			},
		}
	}
	return {
		kind: 'line',
		state: {
			product,
			...(priced.duration ? { selectedDuration: priced.duration } : {}),
			...(priced.denomination ? { selectedDenomination: priced.denomination } : {}),
			...(priced.accountType ? { selectedAccountType: priced.accountType } : {}),
		},
	}
}

/** The checkout address that buys an order's line again as sold today (an unpaid order closed by the shop). */
export function orderAgainPath(line: Pick<OrderLine, 'id' | 'selectedDuration' | 'selectedDenomination' | 'selectedAccountType'>): string {
	const params = new URLSearchParams({ [BUY_FIELDS.product]: String(line.id) })
	if (line.selectedDuration) params.set(BUY_FIELDS.duration, line.selectedDuration.label)
	if (line.selectedDenomination) params.set(BUY_FIELDS.value, line.selectedDenomination.label)
	if (line.selectedAccountType) params.set(BUY_FIELDS.accountType, line.selectedAccountType)
	return `/checkout?${params}`
}
