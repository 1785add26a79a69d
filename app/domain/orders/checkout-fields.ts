import type { MessageKey } from '../../i18n/catalogue'

// The buyer's fields at checkout: their messages' keys (the words are the catalogues', ADR-037) and
// the rules the form checks as the buyer types. No zod here: this module reaches the checkout page's
// script (issue 20), and the server's schema (checkout-input.ts) is built from these same rules, so
// each rule lives in one place.

export const REQUIRED_FIELDS_MESSAGE = 'checkout.requiredFields' satisfies MessageKey
export const NAME_LIVE_MESSAGE = 'checkout.nameLive' satisfies MessageKey
export const NAME_SUBMIT_MESSAGE = 'checkout.nameSubmit' satisfies MessageKey
export const EMAIL_MESSAGE = 'checkout.emailInvalid' satisfies MessageKey
export const PHONE_MESSAGE = 'checkout.phoneInvalid' satisfies MessageKey

/**
 * §5, widened to real names: letters of any script (with their combining marks), spaces,
 * apostrophes (' and ’), periods and hyphens, with at least one letter ("Syed M. Ali", "Mu'az Khan",
 * "Anne-Marie", "علی رضا"). Digits and other symbols are refused with the spec's messages.
 */
export const isValidName = (name: string) => /^[\p{L}\p{M} '’.-]+$/u.test(name.trim()) && /\p{L}/u.test(name)

/** PayPro wants 03XXXXXXXXX: accept +92 / 92 / 0 prefixes, spaces and dashes. */
export function normalisePakistaniMobile(input: string): string | null {
	const digits = input.replace(/[\s\-()]/g, '').replace(/^\+/, '')
	const match = /^(?:92|0)?(3\d{9})$/.exec(digits)
	return match ? `0${match[1]}` : null
}

/** The customer fields a refusal can name, as the form and the server call them. */
export const CUSTOMER_FIELDS = ['customerName', 'customerEmail', 'customerMobile'] as const
export type CustomerField = (typeof CUSTOMER_FIELDS)[number]
