import { z } from 'zod'
import type { SupplierCurrency } from './supplier-client'

// The owner's side of suppliers (ADR-054), client-safe: the console's forms and the API read it.

const SYMBOL: Record<SupplierCurrency, string> = { USD: 'US$', EUR: '€' }

/** The currency's sign as the console writes it before an amount: US$ or €. */
export const currencySymbol = (currency: SupplierCurrency) => SYMBOL[currency]

/** A supplier's money as the console shows it, in its own currency: US$ 1,234.56 or € 1,234.56. */
export const supplierMoneyText = (cents: number, currency: SupplierCurrency) => `${SYMBOL[currency]} ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** What the owner's rate for the currency is called on the costs form. */
export const rateName = (currency: SupplierCurrency) => (currency === 'EUR' ? 'Rupees per euro' : 'Rupees per US dollar')

export const LOW_BALANCE_MESSAGE = 'The low-balance alert is an amount in the supplier’s currency from 0 to 1,000,000, like 50.'

/** The balance below which staff are alerted, in the supplier's currency; null: never. */
export const lowBalanceInput = z.number({ error: LOW_BALANCE_MESSAGE }).min(0, LOW_BALANCE_MESSAGE).max(1_000_000, LOW_BALANCE_MESSAGE).nullable()

export const SEARCH_LIMITS = { query: 100, results: 20 } as const
