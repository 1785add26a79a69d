import type { StockMode } from '../../db/schema'

// Stock limits and the sentences the console's forms and the server share (client-safe: no secrets, no database).
export const STOCK_LIMITS = { units: 5000, bytes: 1024 * 1024, code: 200, login: 200, password: 200, notes: 500, slots: 10, threshold: 1000, voidReason: 300 }

export const STOCK_MODES: StockMode[] = ['manual', 'stock_or_manual', 'stock_only']

/** The refusals of what staff type on the stock page (the API's import says the same). */
export const STOCK_FIELD_MESSAGES = {
	slots: `Slots must be a whole number from 1 to ${STOCK_LIMITS.slots}.`,
	threshold: `The low-stock threshold must be a whole number from 0 to ${STOCK_LIMITS.threshold}.`,
	mode: 'Choose how the product is delivered: manual, stock or manual, or stock only.',
	voidReason: `Please give a reason of at most ${STOCK_LIMITS.voidReason} characters.`,
	replaceReason: `Please say why the unit is replaced, in at most ${STOCK_LIMITS.voidReason} characters.`,
	variant: 'Choose the option the stock is for.',
	kind: 'Choose whether these are codes or accounts.',
} as const
