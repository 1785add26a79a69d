import { z } from 'zod'

// The owner's side of suppliers (ADR-054), client-safe: the console's forms and the API read it.

/** Dollars as the console shows a supplier's money: US$ 1,234.56. */
export const usdText = (cents: number) => `US$ ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

export const LOW_BALANCE_MESSAGE = 'The low-balance alert is an amount in dollars from 0 to 1,000,000, like 50.'

/** The balance below which staff are alerted, in dollars; null: never. */
export const lowBalanceInput = z.number({ error: LOW_BALANCE_MESSAGE }).min(0, LOW_BALANCE_MESSAGE).max(1_000_000, LOW_BALANCE_MESSAGE).nullable()

export const SEARCH_LIMITS = { query: 100, results: 20 } as const
