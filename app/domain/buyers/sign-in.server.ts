import type { Lang } from '../../i18n/lang'
import crypto from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { buyerSessions, buyerSignIns, orders } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { env } from '../../utils/env.server'
import { hasNul } from '../../utils/input'
import { queueEmail } from '../email/queue-email.server'
import { signInEmail } from '../email/sign-in-email.server'
import { hitRateLimit } from '../rate-limit.server'
import { BUYER_SIGN_IN_MESSAGES } from './next-path'
import { BLOCKED_SIGN_IN_MESSAGE } from './blocklist'
import { refuseBlockedBuyer } from './blocklist.server'
import { readStoreDetails } from '../settings/store-details.server'
import { buyerOwner } from '../push/push-input'
import { words } from '../../i18n/words'
import { endBuyerPush } from '../push/push-subscriptions.server'
import { announceLiveEnded, buyerSessionHolder } from '../realtime/live-ended.server'
import { numberDigits } from '../../utils/digits'

// Buyers prove they own an email address before seeing anything private (issue: buyers find their
// orders again). Typing an order's email unlocks nothing by itself: it sends a one-time link and a
// 6-digit code to the address on the order, valid 15 minutes, usable once, and the answer is the same
// whether or not the address matches. Redeeming either starts a buyer session (its own cookie, 30
// days), which sees every order placed with that address. Only hashes are stored.

export const SIGN_IN_MINUTES = 15
export const CODE_ATTEMPTS = 5
export const BUYER_SESSION_DAYS = 30
export const BUYER_SESSION_COOKIE = 'buyer_session'

export { BUYER_SIGN_IN_MESSAGES }

const emailSchema = z
	.string()
	.trim()
	.max(200, BUYER_SIGN_IN_MESSAGES.email)
	.refine((v) => !hasNul(v), BUYER_SIGN_IN_MESSAGES.email)
	.pipe(z.email(BUYER_SIGN_IN_MESSAGES.email))
	.transform((v) => v.toLowerCase())

/** The address as stored for comparing: trimmed, lower case; a 400 with the form's sentence if it is not an address. */
export function buyerEmail(raw: unknown): string {
	const parsed = emailSchema.safeParse(typeof raw === 'string' ? raw : '')
	if (!parsed.success) throw new AppError('BAD_REQUEST', BUYER_SIGN_IN_MESSAGES.email, { email: BUYER_SIGN_IN_MESSAGES.email })
	return parsed.data
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex')
/** A code is only 6 digits: its hash is salted with the row's token hash, and a few wrong tries end the row. */
const codeHashOf = (tokenHash: string, code: string) => sha256(`${tokenHash}:${code}`)

const limit = (db: Db, key: string, max: number) => hitRateLimit(db, key, { limit: max, windowSeconds: SIGN_IN_MINUTES * 60, message: BUYER_SIGN_IN_MESSAGES.tooMany })

/** Sign-in emails are counted by the hour: SIGN_IN_ADDRESS_RATE_LIMIT per network address (for any addresses), SIGN_IN_EMAIL_RATE_LIMIT per email address (whoever asks). */
const SIGN_IN_LIMIT_SECONDS = 3600

/** The refusal past a sign-in limit, in the page's language: when to try again, in whole minutes. */
const tryAgainIn = (seconds: number) => {
	const minutes = Math.max(1, Math.ceil(seconds / 60))
	return words(minutes === 1 ? 'order.signIn.tooManyEmailsOne' : 'order.signIn.tooManyEmailsMany', { minutes })
}

/** Unused sign-ins an address may hold at once: past it, a request sends nothing new (the earlier emails still work). */
export const LIVE_SIGN_INS_PER_ADDRESS = 3

/** Rolls the email back out of a sign-in that must not send one, after doing all the same work. */
class NothingToSend extends Error {}

/**
 * Sends a link and a code to `email` if it is on the order (with `orderNumber`) or on any order.
 * Answers nothing either way: the caller says BUYER_SIGN_IN_MESSAGES.sent. Both ways do the same
 * work in the same order (the same queries, a sign-in row, the email rendered and queued, then
 * taken back inside a savepoint when it must not go), so the answer's timing tells nothing.
 *
 * Limited per network address and per email address (SIGN_IN_ADDRESS_RATE_LIMIT, SIGN_IN_EMAIL_RATE_LIMIT, an hour each), with the same 429 and
 * sentence whether or not the address is on an order: nobody can make the shop mail one buyer
 * without end. A stranger can use up an address's hour; the buyer's earlier emails keep working
 * meanwhile (at most LIVE_SIGN_INS_PER_ADDRESS unused sign-ins at once), and a few wrong codes end a
 * code (never its link).
 */
export async function requestBuyerSignIn(
	db: Db,
	{ email: rawEmail, orderNumber, clientIp, next, lang = 'en' }: { email: unknown; orderNumber?: string | null; clientIp: string; next?: string | null; lang?: Lang },
): Promise<void> {
	const email = buyerEmail(rawEmail)
	// Counted whether or not the address is on an order: the refusal says nothing about it either.
	const window = { windowSeconds: SIGN_IN_LIMIT_SECONDS, message: tryAgainIn }
	await hitRateLimit(db, `buyer-sign-in:address:${clientIp}`, { ...window, limit: env().SIGN_IN_ADDRESS_RATE_LIMIT })
	await hitRateLimit(db, `buyer-sign-in:email:${sha256(email)}`, { ...window, limit: env().SIGN_IN_EMAIL_RATE_LIMIT })
	await refuseBlockedBuyer(db, { email, address: clientIp }, BLOCKED_SIGN_IN_MESSAGE)

	const [match] = await db
		.select({ orderNumber: orders.orderNumber })
		.from(orders)
		.where(and(sql`lower(${orders.customerEmail}) = ${email}`, orderNumber ? eq(orders.orderNumber, orderNumber) : undefined))
		.limit(1)
	const [live] = await db
		.select({ n: sql<number>`count(*)::int` })
		.from(buyerSignIns)
		.where(and(eq(buyerSignIns.email, email), isNull(buyerSignIns.usedAt), gt(buyerSignIns.expiresAt, new Date())))
	const send = Boolean(match) && Number(live?.n ?? 0) < LIVE_SIGN_INS_PER_ADDRESS

	const token = crypto.randomBytes(32).toString('base64url')
	const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
	const tokenHash = sha256(token)
	const { storeName } = await readStoreDetails(db)
	const now = Date.now()
	await db.transaction(async (tx) => {
		// A sign-in that sends nothing is written spent (used at once): the same write, nothing to redeem.
		const [row] = await tx
			.insert(buyerSignIns)
			.values({ email, orderNumber: orderNumber ?? null, tokenHash, codeHash: codeHashOf(tokenHash, code), expiresAt: new Date(now + SIGN_IN_MINUTES * 60_000), usedAt: send ? null : new Date(now) })
			.returning({ id: buyerSignIns.id })
		try {
			await tx.transaction(async (savepoint) => {
				await queueEmail(savepoint, signInEmail({ id: row!.id, email, token, code, orderNumber: orderNumber ?? null, next: next ?? null, storeName, minutes: SIGN_IN_MINUTES, lang }))
				if (!send) throw new NothingToSend()
			})
		} catch (error) {
			if (!(error instanceof NothingToSend)) throw error
		}
	})
}

export interface BuyerSignedIn {
	email: string
	/** The order the sign-in was asked from, whose page the buyer goes back to. */
	orderNumber: string | null
	/** The new session's cookie value. */
	sessionId: string
}

/** A sign-in's link works until used or expired: it cannot be guessed, so wrong codes do not end it. */
const linkUsable = () => and(isNull(buyerSignIns.usedAt), gt(buyerSignIns.expiresAt, new Date()))
/** Its code also ends after CODE_ATTEMPTS wrong tries. */
const usable = () => and(linkUsable(), lt(buyerSignIns.attempts, CODE_ATTEMPTS))

/** The emailed link: works once, within 15 minutes. */
export async function redeemSignInLink(db: Db, token: unknown, meta: SessionMeta): Promise<BuyerSignedIn> {
	if (typeof token !== 'string' || token.length < 20 || token.length > 100 || !/^[\w-]+$/.test(token)) throw new AppError('BAD_REQUEST', BUYER_SIGN_IN_MESSAGES.badLink)
	const [used] = await db
		.update(buyerSignIns)
		.set({ usedAt: new Date() })
		.where(and(eq(buyerSignIns.tokenHash, sha256(token)), linkUsable()))
		.returning({ email: buyerSignIns.email, orderNumber: buyerSignIns.orderNumber })
	if (!used) throw new AppError('BAD_REQUEST', BUYER_SIGN_IN_MESSAGES.badLink)
	return { ...used, sessionId: await startBuyerSession(db, used.email, meta) }
}

/** The emailed code, typed on another device: checked against the address's live sign-ins; a few wrong tries end them. */
export async function redeemSignInCode(db: Db, { email: rawEmail, code: rawCode }: { email: unknown; code: unknown }, meta: SessionMeta): Promise<BuyerSignedIn> {
	const email = buyerEmail(rawEmail)
	const code = typeof rawCode === 'string' && rawCode.length <= 40 ? numberDigits(rawCode) : ''
	if (!/^\d{6}$/.test(code)) throw new AppError('BAD_REQUEST', BUYER_SIGN_IN_MESSAGES.code, { code: BUYER_SIGN_IN_MESSAGES.code })
	// The guesser is limited (per network address, and a few tries per code), never the buyer's address.
	await limit(db, `buyer-code:ip:${meta.ip ?? 'unknown'}`, 30)
	const live = await db
		.select({ id: buyerSignIns.id, tokenHash: buyerSignIns.tokenHash, codeHash: buyerSignIns.codeHash })
		.from(buyerSignIns)
		.where(and(eq(buyerSignIns.email, email), usable()))
		.orderBy(desc(buyerSignIns.id))
		.limit(5)
	const hit = live.find((s) => crypto.timingSafeEqual(Buffer.from(s.codeHash), Buffer.from(codeHashOf(s.tokenHash, code))))
	if (!hit) {
		// Every live sign-in of the address counts the miss: guessing spreads over none of them.
		if (live.length) await db.update(buyerSignIns).set({ attempts: sql`${buyerSignIns.attempts} + 1` }).where(or(...live.map((s) => eq(buyerSignIns.id, s.id))))
		throw new AppError('BAD_REQUEST', BUYER_SIGN_IN_MESSAGES.badCode, { code: BUYER_SIGN_IN_MESSAGES.badCode })
	}
	const [used] = await db
		.update(buyerSignIns)
		.set({ usedAt: new Date() })
		.where(and(eq(buyerSignIns.id, hit.id), usable()))
		.returning({ email: buyerSignIns.email, orderNumber: buyerSignIns.orderNumber })
	if (!used) throw new AppError('BAD_REQUEST', BUYER_SIGN_IN_MESSAGES.badCode, { code: BUYER_SIGN_IN_MESSAGES.badCode })
	return { ...used, sessionId: await startBuyerSession(db, used.email, meta) }
}

export interface SessionMeta {
	ip: string | null
	userAgent: string | null
}

async function startBuyerSession(db: Db, email: string, meta: SessionMeta): Promise<string> {
	const id = crypto.randomBytes(32).toString('base64url')
	await db.insert(buyerSessions).values({
		idHash: sha256(id),
		email,
		expiresAt: new Date(Date.now() + BUYER_SESSION_DAYS * 86_400_000),
		ip: meta.ip?.slice(0, 100) ?? null,
		userAgent: meta.userAgent?.slice(0, 300) ?? null,
	})
	return id
}

/** The signed-in buyer's address, or null (no cookie, a malformed one, expired or signed out). */
export async function buyerForSession(db: Db, sessionId: string | null | undefined): Promise<{ email: string; idHash: string } | null> {
	if (!sessionId || sessionId.length > 100 || !/^[\w-]+$/.test(sessionId)) return null
	const idHash = sha256(sessionId)
	const [session] = await db
		.select({ email: buyerSessions.email, lastSeenAt: buyerSessions.lastSeenAt })
		.from(buyerSessions)
		.where(and(eq(buyerSessions.idHash, idHash), gt(buyerSessions.expiresAt, new Date())))
		.limit(1)
	if (!session) return null
	// Touch at most hourly: a page view is not a write.
	if (Date.now() - session.lastSeenAt.getTime() > 3_600_000) await db.update(buyerSessions).set({ lastSeenAt: new Date() }).where(eq(buyerSessions.idHash, idHash))
	return { email: session.email, idHash }
}

/** Signs this browser out; its open live streams (order pages) close on every instance. */
export async function endBuyerSession(db: Db, idHash: string): Promise<void> {
	await db.delete(buyerSessions).where(eq(buyerSessions.idHash, idHash))
	// Phones signed up for the address through this session hear no more.
	await endBuyerPush(db, { sessionHashes: [idHash] })
	await announceLiveEnded(db, [buyerSessionHolder(idHash)])
}

/** "Sign out everywhere": every session of the address ends, with its open live streams; returns how many. */
export async function endAllBuyerSessions(db: Db, email: string): Promise<number> {
	const ended = await db.delete(buyerSessions).where(eq(buyerSessions.email, email)).returning({ idHash: buyerSessions.idHash })
	// Every phone signed up for the address's orders hears no more.
	await endBuyerPush(db, { owner: buyerOwner(email) })
	await announceLiveEnded(db, ended.map((s) => buyerSessionHolder(s.idHash)))
	return ended.length
}

/** Whether a signed-in buyer may see an order in full: it was placed with their address. */
export const buyerOwnsOrder = (buyer: { email: string } | null, order: { customerEmail: string | null }) =>
	Boolean(buyer && order.customerEmail && order.customerEmail.trim().toLowerCase() === buyer.email)

/** Old sign-ins and ended sessions; the minute sweep removes them. */
export async function pruneBuyerSignIns(db: Db): Promise<void> {
	await db.delete(buyerSignIns).where(lt(buyerSignIns.expiresAt, new Date(Date.now() - 86_400_000)))
	await db.delete(buyerSessions).where(lt(buyerSessions.expiresAt, new Date()))
}
