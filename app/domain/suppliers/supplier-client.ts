// What the shop asks of a wholesaler (ADR-053): one small interface, so a second supplier is one
// module (an adapter beside kinguin.server.ts) and a line in supplier-registry.server.ts. Money is in
// whole cents of the supplier account's currency, which the adapter reports (Kinguin: euros); the shop
// turns it into rupees at the owner's rate for that currency.

/** The currencies a supplier account is kept in; the owner sets a rupee rate for each (cost settings). */
export const SUPPLIER_CURRENCIES = ['USD', 'EUR'] as const
export type SupplierCurrency = (typeof SUPPLIER_CURRENCIES)[number]

/** A supplier's product as its API describes it now. */
export interface SupplierQuote {
	productId: string
	name: string
	/** What one unit costs now, in cents. */
	unitPriceCents: number
	/** Units the supplier can sell now. */
	available: number
}

/** An order the supplier took (or found again by its idempotency key). */
export interface SupplierOrder {
	supplierOrderId: string
	/** What one unit was sold for, in cents, when the supplier says. */
	unitPriceCents: number | null
	quantity: number
	/** processing: keys still coming; completed: every key can be downloaded. */
	state: 'processing' | 'completed'
}

/**
 * Why a call failed, for the purchase's next step:
 * - `timeout`, `unavailable` (5xx, a cut connection): the outcome is unknown; asked again later (found by its key first);
 * - `gone`: the product is no longer sold there; `price`: it costs more than the margin allows;
 *   `short`: fewer units than asked; `balance`: the account cannot pay; `refused`: any other refusal;
 *   each moves to the next supplier;
 * - `auth`: the supplier refuses the key: staff must connect it again.
 */
export type SupplierFailure = 'timeout' | 'unavailable' | 'gone' | 'price' | 'short' | 'balance' | 'refused' | 'auth'

export class SupplierError extends Error {
	constructor(
		readonly failure: SupplierFailure,
		message: string,
	) {
		super(message)
		this.name = 'SupplierError'
	}
	/** Whether asking again later may succeed (the supplier may even have taken the order). */
	get retryable(): boolean {
		return this.failure === 'timeout' || this.failure === 'unavailable'
	}
}

export const isSupplierError = (error: unknown): error is SupplierError => error instanceof SupplierError

export interface BuyRequest {
	/** Sent as the supplier order's external id: the same key never buys twice. */
	idempotencyKey: string
	productId: string
	quantity: number
	/** The most one unit may cost (cents): a dearer offer is refused by the supplier, or by the adapter. */
	maxUnitPriceCents: number
}

export interface SupplierClient {
	/** The currency of every price and balance this supplier gives. */
	readonly currency: SupplierCurrency
	/** The product now; null when the supplier no longer sells it. */
	quote(productId: string): Promise<SupplierQuote | null>
	buy(request: BuyRequest): Promise<SupplierOrder>
	/** The keys delivered to that order so far (fewer than its quantity while the supplier still dispatches). */
	keysOf(supplierOrderId: string): Promise<string[]>
	/** The order placed with this idempotency key, if the supplier took one. */
	findOrder(idempotencyKey: string): Promise<SupplierOrder | null>
	/** What the account can still spend, in cents. */
	balance(): Promise<{ cents: number }>
	/** Products whose names match, for the owner's picker. */
	search(query: string): Promise<SupplierQuote[]>
}

/** A supplier as the registry opens it: its protocol, address and opened key. */
export interface SupplierAccount {
	id: number
	kind: 'kinguin'
	baseUrl: string
	apiKey: string
	timeoutMs: number
}
