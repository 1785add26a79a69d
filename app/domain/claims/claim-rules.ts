import type { MessageKey } from '../../i18n/catalogue'
import type { ClaimAnswer } from '../../db/schema'

// A buyer's claim that a delivered unit does not work (ADR-052), its rules in one place: browser-safe
// (the claim page, the order page's link and the console read them alike).

/** The buyer's sentence, and staff's reason. */
export const CLAIM_TEXT_MAX = 1000
export const CLAIM_REASON_MAX = 500
/** A product's window when the owner says nothing: days after delivery. 0 means no claims. */
export const CLAIM_DAYS_DEFAULT = 7
export const CLAIM_DAYS_MAX = 365

/**
 * How staff answer a claim. Store credit is the fourth answer once the shop has store credit: it is
 * added here (and to the database's CHECK on unit_claims.answer), and the console offers it then.
 */
export const CLAIM_ANSWERS = ['replace', 'refund', 'refuse'] as const satisfies readonly ClaimAnswer[]

/** What a claim posted as a plain form (no scripts) comes back to its page with: a code in the address, each with its message's key. */
export const CLAIM_RESULTS = {
	sent: 'claims.sent',
	already: 'claims.error.already',
	missing: 'claims.error.missing',
	'not-image': 'claims.error.notImage',
	'too-large': 'claims.error.tooLarge',
	'daily-limit': 'claims.error.dailyLimit',
	full: 'claims.error.storeFull',
	'text-missing': 'claims.error.textMissing',
	'text-long': 'claims.error.textLong',
	'not-found': 'claims.error.unitNotFound',
	'not-seen': 'claims.error.notSeen',
	closed: 'claims.error.windowClosed',
	'no-claims': 'claims.error.noClaims',
	'not-paid': 'claims.error.notPaid',
	failed: 'claims.error.failed',
} as const satisfies Record<string, MessageKey>
export type ClaimResult = keyof typeof CLAIM_RESULTS

export const readClaimResult = (value: string | null): ClaimResult | null => (value && Object.hasOwn(CLAIM_RESULTS, value) ? (value as ClaimResult) : null)

/** The result code a refusal's key comes back as. */
export function claimResultOf(key: string | undefined): ClaimResult {
	const found = (Object.entries(CLAIM_RESULTS) as [ClaimResult, string][]).find(([, k]) => k === key)
	return found?.[0] ?? 'failed'
}

/** Where a unit's claim is made: its page (a plain form) and the form's target. */
export const claimPagePath = (orderNumber: string, unitId: number) => `/order-status/${encodeURIComponent(orderNumber)}/claim?unit=${unitId}`
export const CLAIM_POST_PATH = '/api/order/claims'

/** A unit as the buyer's order page shows its claim: may it be claimed, and the claim's state if there is one. */
export interface UnitClaimView {
	/** The unit (its stock assignment's id). */
	unitId: number
	kind: 'code' | 'account'
	masked: string
	/** Where it sits among the order's delivered units: the line's product and the unit's number on it. */
	product: string
	n: number
	/** May be claimed now (revealed, within its product's window, not claimed yet). */
	claimable: boolean
	claim: { id: number; status: 'open' | 'answered'; answer: ClaimAnswer | null; reason: string | null; createdAt: string } | null
}
