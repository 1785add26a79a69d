import { z } from 'zod'
import type { MessageKey } from '../../i18n/catalogue'
import { BLOCK_KINDS, type BlockKind } from '../../db/block-kinds'
import { hasForbiddenCharacter, NUL_MESSAGE } from '../../utils/input'
import { normalisePakistaniMobile } from '../orders/checkout-fields'

// Blocked buyers (issue: money in and money out): the owner keeps out an email, a phone number or a
// network address. What the buyer reads says nothing of why; staff see the block and its note.

export { BLOCK_KINDS, type BlockKind }

/** What a blocked buyer reads at checkout (its message's key). */
export const BLOCKED_CHECKOUT_MESSAGE = 'checkout.blocked' satisfies MessageKey
/** What a blocked buyer reads when asking for a sign-in code (its message's key). */
export const BLOCKED_SIGN_IN_MESSAGE = 'errors.blockedSignIn' satisfies MessageKey

export const BLOCK_MESSAGES = {
	kind: 'Choose what to block: an email, a phone number or a network address.',
	email: 'Enter an email address, like ali@example.pk.',
	phone: 'Enter a Pakistani mobile number, like 0300 1234567.',
	address: 'Enter a network address, like 203.0.113.7 or 2001:db8::1.',
	note: 'Keep the note under 500 characters.',
	duplicate: 'That is already blocked.',
	notFound: 'That block is not on the list any more.',
} as const

export const BLOCK_KIND_LABELS: Record<BlockKind, string> = { email: 'Email', phone: 'Phone', address: 'Network address' }

/**
 * The form a value is kept and compared in, or null when it is not one: an email in lower case
 * (with its Unicode compatibility forms folded), a phone as 03XXXXXXXXX whatever its spelling
 * (+92, spaces, dashes), an address as the server reads it (an IPv4 address reached over IPv6
 * counts as the IPv4 one).
 */
export function normaliseBlockValue(kind: BlockKind, raw: string): string | null {
	const value = raw.normalize('NFKC').trim()
	if (!value || value.length > 254 || hasForbiddenCharacter(value)) return null
	switch (kind) {
		case 'email': {
			const email = value.toLowerCase()
			return z.email().safeParse(email).success ? email : null
		}
		case 'phone':
			return normalisePakistaniMobile(value)
		case 'address': {
			const address = value.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
			return z.union([z.ipv4(), z.ipv6()]).safeParse(address).success ? address : null
		}
	}
}

const blockShape = {
	kind: z.enum(BLOCK_KINDS, { error: BLOCK_MESSAGES.kind }),
	value: z.string({ error: 'Enter what to block.' }).trim().min(1, 'Enter what to block.').max(254, 'Enter what to block.'),
	note: z
		.string()
		.trim()
		.max(500, BLOCK_MESSAGES.note)
		.refine((v) => !hasForbiddenCharacter(v), NUL_MESSAGE)
		.optional(),
}

const valueOfItsKind = (input: { kind: BlockKind; value: string }, ctx: z.RefinementCtx) => {
	if (normaliseBlockValue(input.kind, input.value) === null) ctx.addIssue({ code: 'custom', path: ['value'], message: BLOCK_MESSAGES[input.kind] })
}

/** The owner's new block as the console form sends it (beside its `intent`), checked as typed. */
export const blockFields = z.object(blockShape).superRefine(valueOfItsKind)

/** The new block as `POST /api/admin/blocklist` takes it (no other field), stored with its value normalised and an empty note none. */
export const blockInput = z
	.strictObject(blockShape)
	.superRefine(valueOfItsKind)
	.transform((input) => ({ kind: input.kind, value: normaliseBlockValue(input.kind, input.value)!, note: input.note || null }))
export type BlockInput = z.output<typeof blockInput>

/** A block as staff see it. */
export const blockView = z.object({
	id: z.number().int(),
	kind: z.enum(BLOCK_KINDS),
	value: z.string(),
	note: z.string().nullable(),
	createdBy: z.string().nullable().describe('The email of the staff member who blocked, while their account exists'),
	createdAt: z.string().describe('ISO 8601'),
	refusals: z.number().int().describe('Checkouts and sign-ins this block refused'),
	lastRefusedAt: z.string().nullable().describe('ISO 8601'),
})
export type BlockView = z.infer<typeof blockView>

/** Who is asking, as a checkout or a sign-in knows them. */
export interface BuyerIdentity {
	email?: string | null
	phone?: string | null
	address?: string | null
}
