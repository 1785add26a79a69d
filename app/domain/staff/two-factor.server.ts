import crypto from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import type { Db, Tx } from '../../db/client.server'
import { staffRecoveryCodes, staffUsers } from '../../db/schema'
import { decryptDelivery } from '../fulfillment/delivery-crypto.server'

// RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds.
const TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const
export const RECOVERY_CODE_COUNT = 10
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** A new TOTP secret in base32 (160 bits, as RFC 4226 recommends). */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }) {
	return new OTPAuth.TOTP({ ...TOTP, issuer, label: account, secret: OTPAuth.Secret.fromBase32(secret) }).toString()
}

/** The QR code as inline SVG, drawn on the server: nothing is fetched from elsewhere. */
export const totpQrSvg = (uri: string) => QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })

/** The secret grouped in fours, for typing by hand. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)!.join(' ')

/** What a person typed as a code: spaces and dashes dropped, lower case. */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase()

export const looksLikeTotpCode = (code: string) => /^\d{6}$/.test(normaliseCode(code))

/** The 30-second step a 6-digit code belongs to (this one or its neighbours, for clock drift), or null. */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
	const token = normaliseCode(code)
	if (!/^\d{6}$/.test(token)) return null
	const delta = OTPAuth.TOTP.validate({ ...TOTP, token, secret: OTPAuth.Secret.fromBase32(secret), timestamp: now, window: 1 })
	return delta === null ? null : OTPAuth.TOTP.counter({ period: TOTP.period, timestamp: now }) + delta
}

/** Ten one-time recovery codes like 'k7mqp-2xz9a' (50 bits each), shown once. */
export function generateRecoveryCodes(): string[] {
	const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('')
	return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`)
}

// Recovery codes are random and long, so a fast hash keeps them safe at rest.
export const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(normaliseCode(code)).digest('hex')

/** Replaces an account's recovery codes with new ones and returns them (the caller shows them once). */
export async function replaceRecoveryCodes(tx: Db | Tx, staffId: number): Promise<string[]> {
	const codes = generateRecoveryCodes()
	await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
	await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashRecoveryCode(code) })))
	return codes
}

export async function unusedRecoveryCodes(db: Db | Tx, staffId: number): Promise<number> {
	const [row] = await db
		.select({ n: sql<number>`count(*)::int` })
		.from(staffRecoveryCodes)
		.where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)))
	return Number(row?.n ?? 0)
}

/**
 * Accepts a code from the authenticator app (once: a code already used is refused) or an unused
 * recovery code (then spent). Returns which one worked, or null.
 */
export async function useSecondFactor(db: Db | Tx, staff: { id: number; totpSecret: string | null }, code: string): Promise<'totp' | 'recovery' | null> {
	const typed = normaliseCode(code)
	if (!staff.totpSecret || typed.length === 0 || typed.length > 40) return null
	if (/^\d{6}$/.test(typed)) {
		const step = matchTotp(decryptDelivery(staff.totpSecret)!, typed)
		if (step === null) return null
		const [taken] = await db
			.update(staffUsers)
			.set({ totpLastStep: step })
			.where(and(eq(staffUsers.id, staff.id), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
			.returning({ id: staffUsers.id })
		return taken ? 'totp' : null
	}
	const [spent] = await db
		.update(staffRecoveryCodes)
		.set({ usedAt: new Date() })
		.where(and(eq(staffRecoveryCodes.staffId, staff.id), eq(staffRecoveryCodes.codeHash, hashRecoveryCode(typed)), isNull(staffRecoveryCodes.usedAt)))
		.returning({ id: staffRecoveryCodes.id })
	return spent ? 'recovery' : null
}

/** What the Security page shows about an account's two-factor sign-in. */
export async function twoFactorStatus(db: Db, staffId: number) {
	const [row] = await db.select({ enabledAt: staffUsers.totpEnabledAt }).from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1)
	return { enabledAt: row?.enabledAt ?? null, recoveryCodesLeft: await unusedRecoveryCodes(db, staffId) }
}
