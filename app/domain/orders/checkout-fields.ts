import type { MessageKey } from '../../i18n/catalogue'
import { numberDigits } from '../../utils/digits'

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

/** The longest phone number the forms and the server take as typed (spaces, dashes and a +92 or 0092 in front). */
export const MAX_PHONE_LENGTH = 30

/**
 * PayPro wants 03XXXXXXXXX (the shop stores that form): accepts +92 / 0092 / 92 / 0 in front, Urdu and
 * Arabic-Indic digits, spaces, dashes, dots and brackets ("۰۳۰۰ ۱۲۳۴۵۶۷", "0092 300-1234567", "+92 (0)300 1234567").
 */
export function normalisePakistaniMobile(input: string): string | null {
	if (input.length > MAX_PHONE_LENGTH) return null
	const match = /^(?:(?:\+|00)?92)?0?(3\d{9})$/.exec(numberDigits(input))
	return match ? `0${match[1]}` : null
}

/** An email address as the shop takes it (zod's own rule, named here so the browser checks it without zod). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** The customer fields a refusal can name, as the form and the server call them. */
export const CUSTOMER_FIELDS = ['customerName', 'customerEmail', 'customerMobile'] as const
export type CustomerField = (typeof CUSTOMER_FIELDS)[number]

/**
 * Every customer field's problem at once (the message's key), as the form checks them before sending:
 * blank, a name with digits or symbols, an address that is not one, a number that is not a Pakistani
 * mobile. The server's schema (checkout-input.ts) applies the same rules and answers the same way.
 */
export function customerFieldProblems(values: Record<CustomerField, string>): Partial<Record<CustomerField, MessageKey>> {
	const problems: Partial<Record<CustomerField, MessageKey>> = {}
	const name = values.customerName.trim()
	const email = values.customerEmail.trim()
	const mobile = values.customerMobile.trim()
	if (!name) problems.customerName = REQUIRED_FIELDS_MESSAGE
	else if (!isValidName(name)) problems.customerName = NAME_SUBMIT_MESSAGE
	if (!email) problems.customerEmail = REQUIRED_FIELDS_MESSAGE
	else if (!EMAIL_PATTERN.test(email)) problems.customerEmail = EMAIL_MESSAGE
	if (!mobile) problems.customerMobile = REQUIRED_FIELDS_MESSAGE
	else if (!normalisePakistaniMobile(mobile)) problems.customerMobile = PHONE_MESSAGE
	return problems
}
