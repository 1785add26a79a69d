import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { emailUnsubscribes } from '../../db/schema'
import { deliveryKey } from '../fulfillment/delivery-crypto.server'
import { absoluteUrl } from '../../utils/origin.server'
import { localePath, type Lang } from '../../i18n/lang'

// One-click unsubscribe (RFC 8058) from the shop's non-essential emails. The link carries the
// address, the kind and an HMAC of both under a key derived from the delivery key: nobody can make
// a link that unsubscribes another address. Order emails (paid, delivered, sign-in) have none.

/** The kinds of email a buyer may stop, and how the page names them. */
export const UNSUBSCRIBE_KINDS = {
	'renewal-reminders': 'reminders that a subscription is about to end or has ended',
	'payment-reminders': 'reminders to pay for an order left unpaid',
} as const
export type UnsubscribeKind = keyof typeof UNSUBSCRIBE_KINDS

const isKind = (kind: string): kind is UnsubscribeKind => Object.hasOwn(UNSUBSCRIBE_KINDS, kind)
const normaliseEmail = (email: string) => email.trim().toLowerCase()

function signature(email: string, kind: UnsubscribeKind): string {
	const key = crypto.hkdfSync('sha256', deliveryKey(), Buffer.alloc(0), 'email-unsubscribe-v1', 32)
	return crypto.createHmac('sha256', Buffer.from(key)).update(`${kind}\n${normaliseEmail(email)}`).digest('base64url')
}

/** The token in an unsubscribe link: base64url(kind \n email) . signature. */
export function unsubscribeToken(email: string, kind: UnsubscribeKind): string {
	const body = Buffer.from(`${kind}\n${normaliseEmail(email)}`).toString('base64url')
	return `${body}.${signature(email, kind)}`
}

/** The address and kind a token names, or null when it was not made by this shop (or was changed). */
export function readUnsubscribeToken(token: string | null | undefined): { email: string; kind: UnsubscribeKind } | null {
	if (!token || token.length > 1000) return null
	const [body, sig, ...rest] = token.split('.')
	if (!body || !sig || rest.length) return null
	const decoded = Buffer.from(body, 'base64url').toString('utf8')
	const newline = decoded.indexOf('\n')
	if (newline < 0) return null
	const kind = decoded.slice(0, newline)
	const email = decoded.slice(newline + 1)
	if (!isKind(kind) || !email || email.length > 320) return null
	const expected = Buffer.from(signature(email, kind))
	const given = Buffer.from(sig)
	if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
	return { email, kind }
}

/** The unsubscribe page, in the language of the email that links to it (ADR-032). */
export const unsubscribeUrl = (email: string, kind: UnsubscribeKind, lang: Lang = 'en') => absoluteUrl(localePath(lang, `/unsubscribe?t=${encodeURIComponent(unsubscribeToken(email, kind))}`))

/** The link and the RFC 8058 headers a non-essential email carries. */
export function unsubscribeParts(email: string, kind: UnsubscribeKind, lang: Lang = 'en') {
	const url = unsubscribeUrl(email, kind, lang)
	return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
}

/** Records the choice; doing it twice is the same as once. */
export async function unsubscribe(db: Db | Tx, email: string, kind: UnsubscribeKind): Promise<void> {
	await db.insert(emailUnsubscribes).values({ email: normaliseEmail(email), kind }).onConflictDoNothing()
}

export async function isUnsubscribed(db: Db | Tx, email: string, kind: UnsubscribeKind): Promise<boolean> {
	const [row] = await db
		.select({ email: emailUnsubscribes.email })
		.from(emailUnsubscribes)
		.where(and(eq(emailUnsubscribes.email, sql`${normaliseEmail(email)}`), eq(emailUnsubscribes.kind, kind)))
		.limit(1)
	return Boolean(row)
}
