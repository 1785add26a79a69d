// How an account type reads wherever it is shown (cart, checkout, order and payment pages, the
// transfer message, receipts, emails and the console): the one display rule for it.

export type AccountTypeName = 'private' | 'shared'

const NAMES: Record<AccountTypeName, string> = { private: 'Private', shared: 'Shared' }

/** 'Shared', for "Account: Shared"; null without an account type. */
export function accountTypeName(type: AccountTypeName | null | undefined): string | null {
	return type ? NAMES[type] : null
}

/** 'Shared account', for option labels ('3 Months · Shared account'); null without an account type. */
export function accountTypeLabel(type: AccountTypeName | null | undefined): string | null {
	return type ? `${NAMES[type]} account` : null
}
