import { useRef } from 'react'
import { Form, data, redirect, useActionData, useNavigation } from 'react-router'
import { db } from '~/db/client.server'
import { completeTwoFactorSignIn, SIGN_IN_AGAIN } from '~/domain/staff/complete-two-factor-sign-in.server'
import { endPendingSignIn, pendingSignInFor } from '~/domain/staff/pending-sign-ins.server'
import { EMAIL_MAX, secondFactorInput, signInInput } from '~/domain/staff/sign-in-input'
import { fieldLimits } from '~/components/admin/field-limits'
import { signIn, type SignInResult } from '~/domain/staff/sign-in.server'
import { AppError } from '~/utils/app-error'
import { safeRedirect } from '~/utils/safe-redirect'
import { pageMeta } from '~/utils/seo'
import {
	assertSameOrigin,
	clearPendingSignInCookie,
	currentStaff,
	deviceCookie,
	deviceTokenFrom,
	pendingSignInCookie,
	pendingSignInFrom,
	sessionCookie,
	sessionPolicy,
} from '~/http/staff-auth.server'
import { ConsoleFrame } from '~/components/admin/console-frame'
import { CONSOLE_SHELL } from '~/components/layout/page-shell'
import { ErrorAlert } from '~/components/ui/error-alert'
import { readPageForm } from '~/http/http.server'
import type { Route } from './+types/login'

/** The boxes' limits, from the schemas the action parses with. */
const SIGN_IN_LIMITS = fieldLimits(signInInput)
const CODE_LIMITS = fieldLimits(secondFactorInput)

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Staff sign-in', description: 'Staff console sign-in.', extra: [{ name: 'robots', content: 'noindex' }] })

// The console's own frame instead of the shop's (app/root.tsx).
export const handle = CONSOLE_SHELL

type Step = 'password' | 'two-factor'

/** Where to go after signing in: the asked-for console path when it is safe, else the dashboard. */
function destination(request: Request) {
	const url = new URL(request.url)
	return safeRedirect(url.searchParams.get('redirectTo'), url.origin)
}

/** Why this browser was signed out, said above the form (settings: Your account). */
const SIGNED_OUT: Record<string, string> = {
	'password-changed': 'Your password is changed and every device was signed out. Sign in with your new password.',
	everywhere: 'You are signed out on every device.',
}

export async function loader({ request }: Route.LoaderArgs) {
	if (await currentStaff(request)) throw redirect(destination(request))
	const pending = await pendingSignInFor(db(), pendingSignInFrom(request))
	const notice = SIGNED_OUT[new URL(request.url).searchParams.get('signedOut') ?? ''] ?? null
	return pending ? { step: 'two-factor' as Step, email: pending.email, notice: null } : { step: 'password' as Step, email: null, notice }
}

function signedIn(request: Request, result: SignInResult & { kind: 'signed-in' }) {
	const headers = new Headers()
	headers.append('Set-Cookie', sessionCookie(request, result.sessionId))
	headers.append('Set-Cookie', deviceCookie(request, result.deviceToken))
	headers.append('Set-Cookie', clearPendingSignInCookie(request))
	return redirect(destination(request), { headers })
}

export async function action({ request, context }: Route.ActionArgs) {
	assertSameOrigin(request)
	// Room for a pasted 2 MB password or a 1 MB address, so the answer names the field that is too long.
	const form = await readPageForm(request, { limit: 3 * 1024 * 1024 })
	const field = (name: string) => form[name] ?? ''
	const intent = field('intent') || 'password'
	const email = field('email')
	const meta = { ip: context.clientIp, userAgent: request.headers.get('user-agent'), deviceToken: deviceTokenFrom(request) }
	// Only an address of a sensible size is typed back into the form.
	const echo = email.length <= EMAIL_MAX ? email : ''
	try {
		if (intent === 'cancel') {
			await endPendingSignIn(db(), pendingSignInFrom(request))
			return data({ step: 'password' as Step, error: null, email: '' }, { headers: { 'Set-Cookie': clearPendingSignInCookie(request) } })
		}
		if (intent === 'code') {
			const result = await completeTwoFactorSignIn(db(), { pendingId: pendingSignInFrom(request), code: field('code') }, meta, sessionPolicy())
			throw signedIn(request, result)
		}
		const result = await signIn(db(), { email, password: field('password') }, meta, sessionPolicy())
		if (result.kind === 'signed-in') throw signedIn(request, result)
		return data({ step: 'two-factor' as Step, error: null, email: echo }, { headers: { 'Set-Cookie': pendingSignInCookie(request, result.pendingId) } })
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		if (intent === 'code' && error.message !== SIGN_IN_AGAIN) return data({ step: 'two-factor' as Step, error: error.message, email: '' }, { status: error.status })
		// A pending sign-in that ended goes back to the password.
		const headers = intent === 'code' ? { 'Set-Cookie': clearPendingSignInCookie(request) } : undefined
		return data({ step: 'password' as Step, error: error.message, email: echo }, { status: error.status, headers })
	}
}

/** Counts the action's answers: each new answer object is a new key, the same answer keeps its key. */
function useAnswerKey(result: unknown, step: Step) {
	const seen = useRef<{ result: unknown; n: number }>({ result: undefined, n: 0 })
	if (result !== seen.current.result) seen.current = { result, n: seen.current.n + 1 }
	return result ? `${step}-${seen.current.n}` : step
}

export default function Login({ loaderData }: Route.ComponentProps) {
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const step = result?.step ?? loaderData.step
	// A new key per answer (not per drawing: a redraw while typing would empty the field) clears the
	// password or code field after a failed attempt.
	const formKey = useAnswerKey(result, step)
	const account = loaderData.email || result?.email
	return (
		<ConsoleFrame>
			<div className="console-sign-in">
				<h1>Staff sign-in</h1>
				{loaderData.notice && !result ? (
					<p className="success-box" role="status">
						{loaderData.notice}
					</p>
				) : null}
				{step === 'two-factor' ? (
					<>
						<Form method="post" className="login-form" key={formKey}>
							<ErrorAlert message={result?.error} />
							<p className="login-hint">
								Open your authenticator app and enter the 6-digit code it shows for this shop{account ? <> ({account})</> : null}. Lost your phone? Enter one of
								your recovery codes instead.
							</p>
							<input type="hidden" name="intent" value="code" />
							<div className="field">
								<label htmlFor="login-code">Authentication code</label>
								<input id="login-code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={CODE_LIMITS.code?.maxLength} required autoFocus />
							</div>
							<button type="submit" className="button primary block" disabled={busy}>
								{busy ? 'Checking...' : 'Verify and sign in'}
							</button>
						</Form>
						<Form method="post" className="login-cancel">
							<input type="hidden" name="intent" value="cancel" />
							<button type="submit" className="button ghost small" disabled={busy}>
								Use a different account
							</button>
						</Form>
					</>
				) : (
					<Form method="post" className="login-form" key={formKey}>
						<ErrorAlert message={result?.error} />
						<input type="hidden" name="intent" value="password" />
						<div className="field">
							<label htmlFor="login-email">Email</label>
							<input id="login-email" name="email" type="email" autoComplete="username" required maxLength={SIGN_IN_LIMITS.email?.maxLength} defaultValue={result?.email ?? ''} />
						</div>
						<div className="field">
							<label htmlFor="login-password">Password</label>
							<input id="login-password" name="password" type="password" autoComplete="current-password" required />
						</div>
						<button type="submit" className="button primary block" disabled={busy}>
							{busy ? 'Signing in...' : 'Sign in'}
						</button>
					</Form>
				)}
			</div>
		</ConsoleFrame>
	)
}
