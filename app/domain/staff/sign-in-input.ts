import { z } from 'zod'

// Longer than any real address (RFC 5321 allows 254), and short enough for an index row.
export const EMAIL_MAX = 254
export const PASSWORD_MAX = 1024
/** The shortest password a staff member may be given or choose. */
export const PASSWORD_MIN = 10
export const CODE_MAX = 40
// NUL and other control characters cannot be stored in PostgreSQL text, and belong in no address.
const CONTROL = /[\u0000-\u001f\u007f]/

export const MISSING_CREDENTIALS = 'Please enter your email and password.'
export const PASSWORD_TOO_SHORT = `Passwords need at least ${PASSWORD_MIN} characters.`
export const PASSWORD_TOO_LONG = `That password is too long: passwords have at most ${PASSWORD_MAX} characters.`

/**
 * The one rule for a new staff password, wherever one is set: an account created with one, a reset
 * with one (`npm run staff`), and "Your account" on the settings page (server and form alike).
 */
export const newPasswordSchema = z.string().min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX, PASSWORD_TOO_LONG)

/** The sign-in form's first step, shared by the page and the server. */
export const signInInput = z.object({
	email: z
		.string()
		.trim()
		.min(1, MISSING_CREDENTIALS)
		.max(EMAIL_MAX, `That email address is too long: staff email addresses have at most ${EMAIL_MAX} characters.`)
		.refine((v) => !CONTROL.test(v), 'That email address contains characters that are not allowed. Please type it again.')
		.transform((v) => v.toLowerCase()),
	password: z.string().min(1, MISSING_CREDENTIALS).max(PASSWORD_MAX, PASSWORD_TOO_LONG),
})

/** The second step: a 6-digit code from the authenticator app, or a recovery code. */
export const secondFactorInput = z.object({
	code: z
		.string()
		.trim()
		.min(1, 'Please enter the 6-digit code from your authenticator app, or a recovery code.')
		.max(CODE_MAX, 'That code is too long. Please enter the 6-digit code from your authenticator app, or a recovery code.'),
})
