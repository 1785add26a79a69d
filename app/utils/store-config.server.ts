import { z } from 'zod'
import { ConfigError, env, type Env } from './env.server'

// Store configuration the spec leaves out (decision 9): where buyers send a manual transfer.
const transferAccount = z.object({
	method: z.string().trim().min(1).max(60),
	holder: z.string().trim().min(1).max(100),
	account: z.string().trim().min(1).max(60),
})
const transferAccounts = z.array(transferAccount).min(1).max(12)

export type TransferAccount = z.infer<typeof transferAccount>

/** A bank and three wallets; the numbers are placeholders (an IBAN with check digits 00 is never real). */
export function defaultTransferAccounts(storeName: string): TransferAccount[] {
	return [
		{ method: 'Meezan Bank', holder: storeName, account: 'PK00 MEZN 0000 0000 0000 0000' },
		{ method: 'JazzCash', holder: storeName, account: '0300 1234567' },
		{ method: 'EasyPaisa', holder: storeName, account: '0300 1234567' },
		{ method: 'SadaPay', holder: storeName, account: '0300 1234567' },
	]
}

/** Reads MANUAL_PAYMENT_ACCOUNTS (a JSON list of {method, holder, account}); unset gives the defaults. */
export function parseTransferAccounts(e: Pick<Env, 'MANUAL_PAYMENT_ACCOUNTS' | 'STORE_NAME'>): TransferAccount[] {
	if (!e.MANUAL_PAYMENT_ACCOUNTS) return defaultTransferAccounts(e.STORE_NAME)
	let value: unknown
	try {
		value = JSON.parse(e.MANUAL_PAYMENT_ACCOUNTS)
	} catch {
		throw new ConfigError('Invalid configuration:\n  MANUAL_PAYMENT_ACCOUNTS: must be JSON')
	}
	const result = transferAccounts.safeParse(value)
	// A wrong account would send a buyer's money astray: refuse it rather than guess.
	if (!result.success) {
		const lines = result.error.issues.map((i) => `  MANUAL_PAYMENT_ACCOUNTS${i.path.map((p) => `[${String(p)}]`).join('')}: ${i.message}`)
		throw new ConfigError(`Invalid configuration (expected a list of {method, holder, account}):\n${lines.join('\n')}`)
	}
	return result.data
}

let cached: { source: Env; accounts: TransferAccount[] } | undefined

/** The accounts shown on the payment details page, parsed once per configuration. */
export function transferAccountsConfig(e: Env = env()): TransferAccount[] {
	if (cached?.source !== e) cached = { source: e, accounts: parseTransferAccounts(e) }
	return cached.accounts
}
