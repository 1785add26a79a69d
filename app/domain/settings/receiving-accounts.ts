import { numberDigits, westernDigits } from '../../utils/digits'
import { normalisePakistaniMobile } from '../orders/checkout-fields'
import { pakistanDate, pakistanDayStart } from '../../utils/pakistan-time'

// Receiving accounts (issue 36, ADR-049): an account's IBAN and Raast ID as the owner types them, and
// which accounts new buyers are shown once some have taken in their ceiling. Browser-safe and pure:
// the console form checks with it, the server decides with it.

/** A Pakistani IBAN: PK, 2 check digits, the bank's 4 letters, 16 digits (24 characters). */
const PK_IBAN = /^PK\d{2}[A-Z]{4}\d{16}$/

/** ISO 13616's check: the first four characters moved to the end, letters as 10–35, the number mod 97 is 1. */
export function ibanChecksumHolds(iban: string): boolean {
	const moved = iban.slice(4) + iban.slice(0, 4)
	let remainder = 0
	for (const char of moved) {
		const value = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char
		for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97
	}
	return remainder === 1
}

/** The IBAN as stored (upper case, no spaces: PK36SCBL0000001123456702), or null when it is not a valid Pakistani IBAN. */
export function normaliseIban(input: string): string | null {
	if (input.length > 60) return null
	const iban = numberDigits(input).toUpperCase()
	return PK_IBAN.test(iban) && ibanChecksumHolds(iban) ? iban : null
}

/** Why an IBAN was refused, for the owner: the length, the shape or the check digits. */
export function ibanProblem(input: string): 'length' | 'shape' | 'checksum' | null {
	const iban = numberDigits(input).toUpperCase()
	if (iban.length !== 24) return 'length'
	if (!PK_IBAN.test(iban)) return 'shape'
	return ibanChecksumHolds(iban) ? null : 'checksum'
}

/** As people read it: groups of 4 (PK36 SCBL 0000 0011 2345 6702). */
export const groupedIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ')

/** A Raast ID (the mobile number alias) as stored: 03XXXXXXXXX, from +92, 0092, Urdu digits… or null. */
export const normaliseRaastId = (input: string): string | null => normalisePakistaniMobile(westernDigits(input))

/** As people read it: 0300 1234567. */
export const groupedRaastId = (raastId: string): string => `${raastId.slice(0, 4)} ${raastId.slice(4)}`

export const CEILING_PERIODS = ['day', 'month'] as const
export type CeilingPeriod = (typeof CEILING_PERIODS)[number]
/** The most a ceiling may be: Rs. 100 crore, more than any account takes. */
export const MAX_CEILING_RUPEES = 1_000_000_000

export interface Ceiling {
	rupees: number
	period: CeilingPeriod
}

/** When the current day or month began, Pakistan time: what an account took in since counts toward its ceiling. */
export function periodStart(period: CeilingPeriod, at: Date): Date {
	const day = pakistanDate(at)
	return pakistanDayStart(period === 'day' ? day : `${day.slice(0, 8)}01`)
}

/** One account and what it took in during its ceiling's current period. */
export interface AccountIntake<A> {
	account: A
	ceiling: Ceiling | null
	received: number
}

/** An account with a ceiling that has taken in that much or more this period. */
export const atCeiling = (a: Pick<AccountIntake<unknown>, 'ceiling' | 'received'>): boolean => a.ceiling !== null && a.received >= a.ceiling.rupees

/**
 * The accounts new buyers are shown, in the owner's order: every account below its ceiling (or with
 * none), so one that reached its ceiling gives way to the next ones. When every account is at its
 * ceiling, all of them: a buyer is never shown no account to pay into.
 */
export function accountsToShow<A>(accounts: AccountIntake<A>[]): A[] {
	const open = accounts.filter((a) => !atCeiling(a))
	return (open.length > 0 ? open : accounts).map((a) => a.account)
}
