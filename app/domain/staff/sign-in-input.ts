import { z } from 'zod'

// Longer than any real address (RFC 5321 allows 254), and short enough for an index row.
export const EMAIL_MAX = 254
export const PASSWORD_MAX = 1024
export const CODE_MAX = 40
// NUL and other control characters cannot be stored in PostgreSQL text, and belong in no address.
const CONTROL = /[\u0000-\u001f\u007f]/

export const MISSING_CREDENTIALS = 'Please enter your email and password.'

/** The sign-in form's first step, shared by the page and the server. */
export const signInInput = z.object({
	email: z
		.string()
		.trim()
		.min(1, MISSING_CREDENTIALS)
		.max(EMAIL_MAX, `That email address is too long: staff email addresses have at most ${EMAIL_MAX} characters.`)
		.refine((v) => !CONTROL.test(v), 'That email address contains characters that are not allowed. Please type it again.')
		.transform((v) => v.toLowerCase()),
	password: z.string().min(1, MISSING_CREDENTIALS).max(PASSWORD_MAX, `That password is too long: passwords have at most ${PASSWORD_MAX} characters.`),
})

/** The second step: a 6-digit code from the authenticator app, or a recovery code. */
export const secondFactorInput = z.object({
	code: z
		.string()
		.trim()
		.min(1, 'Please enter the 6-digit code from your authenticator app, or a recovery code.')
		.max(CODE_MAX, 'That code is too long. Please enter the 6-digit code from your authenticator app, or a recovery code.'),
})
