/**
 * What an X-ADMIN-KEY may do, chosen when the owner creates it (the one list: the console's form,
 * the API's contracts, the OpenAPI document and the settings page read it from here). Store
 * settings, transfer accounts, staff accounts and API keys are never changed with a key: only the
 * owner signed in to the console may (contracts say `scope: 'session-only'`).
 */
export const API_KEY_SCOPES = ['dm-orders', 'catalogue', 'content', 'stock', 'blocklist', 'coupons', 'refunds', 'customers', 'reports', 'transfers', 'suppliers'] as const

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** What each scope lets a key do, for the settings page and the OpenAPI document. */
export const API_KEY_SCOPE_TEXT: Record<ApiKeyScope, string> = {
	'dm-orders': 'Create DM orders (POST /api/admin-create-dm-order), cancel an unpaid order, reopen a rejected transfer',
	catalogue: 'Products, their options, prices and covers',
	content: 'Game library, pages and reviews',
	stock: 'Stock: import codes and accounts, counts, deliver waiting orders, replace a unit',
	blocklist: 'Blocked buyers: list, block and unblock them',
	coupons: 'Discount codes: list, create, edit, pause and resume them',
	refunds: 'Refunds: give money back on a paid order, reinstate a payment that came after a cancel',
	customers: 'Customers: read the buyers, their contact details, orders, spend, refunds and staff notes',
	reports: 'Sales reports: revenue, refunds, costs, profit and the funnel for a range of days',
	transfers: 'Transfers: import a receiving account’s statement, which confirms the orders its credits match exactly',
	suppliers: 'Suppliers: the wholesalers the shop buys codes from at payment, their purchases, and retrying one that waits',
}

/**
 * What a console endpoint asks of a key: one scope, any valid key (who am I, the API's document),
 * or no key at all (the owner's session only).
 */
export type EndpointScope = ApiKeyScope | 'any-key' | 'session-only'

export const isApiKeyScope = (value: string): value is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(value)

export const SESSION_ONLY_REFUSAL =
	'Store settings, transfer accounts, staff accounts and API keys are never changed with an API key: the owner does this signed in to the console.'

export const scopeRefusal = (scope: ApiKeyScope) =>
	`This API key may not do this: it needs the “${scope}” scope. The owner can create a key with it on /admin/settings.`

/** Days a new key may be set to last; null: until revoked. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const
