import { z } from 'zod'
import { nameSchema } from '../../utils/input'
import { API_KEY_EXPIRY_DAYS } from './api-key-scopes'
import { CODE_MAX, PASSWORD_MAX, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, newPasswordSchema } from './sign-in-input'

// What the console's settings forms take, one schema each: the server parses with it and the form
// checks with the same one before sending (limits, `required` and messages come from here only).

export const STAFF_NAME_MAX = 100

/** A new staff account (the settings page, `npm run staff`, the first start); without a password one is generated. */
export const newStaffInput = z.object({
	email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address.')),
	name: nameSchema('Please enter a name.', STAFF_NAME_MAX, `A name can be at most ${STAFF_NAME_MAX} characters.`),
	role: z.enum(['owner', 'staff']).default('staff'),
	password: newPasswordSchema.optional(),
})

export const OWN_ACCOUNT_MESSAGES = {
	missingCurrent: 'Please enter your current password.',
	wrongCurrent: 'That is not your current password.',
	tooShort: PASSWORD_TOO_SHORT,
	tooLong: PASSWORD_TOO_LONG,
	same: 'The new password is the same as the current one: please choose another.',
	tooManyTries: 'Too many wrong current passwords. Please wait 15 minutes and try again.',
} as const

/** "Your account": the current password, and the new one under the one password rule. */
export const changePasswordInput = z.object({
	current: z.string().min(1, OWN_ACCOUNT_MESSAGES.missingCurrent).max(PASSWORD_MAX, OWN_ACCOUNT_MESSAGES.wrongCurrent),
	next: newPasswordSchema,
})

export const API_KEY_NAME_MAX = 80
const API_KEY_NAME_MESSAGE = `Give the key a name of up to ${API_KEY_NAME_MAX} characters.`

/** A new API key's name and expiry (its scopes are boxes, `scope-<name>`, checked by `createApiKey`). */
export const newApiKeyInput = z.object({
	name: nameSchema(API_KEY_NAME_MESSAGE, API_KEY_NAME_MAX, API_KEY_NAME_MESSAGE),
	expiresInDays: z.enum(['', ...API_KEY_EXPIRY_DAYS.map(String)]).default(''),
})

export const ENTER_APP_CODE = 'Please enter the 6-digit code your authenticator app shows.'

/** Security: a code from the authenticator app, to turn two-factor sign-in on or to renew the recovery codes. */
export const appCodeInput = z.object({
	code: z.string().trim().min(1, ENTER_APP_CODE).max(CODE_MAX, ENTER_APP_CODE),
})

export const WRONG_PROOF = 'That password or code is not right.'

/** Security: turning two-factor sign-in off, proven with the password or a code. */
export const disableTwoFactorInput = z.object({
	proof: z.string().min(1, 'Please enter your password or a code from your authenticator app.').max(PASSWORD_MAX, WRONG_PROOF),
})
