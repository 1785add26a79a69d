import { Form, data, redirect, useActionData, useNavigation } from 'react-router'
import { db } from '~/db/client.server'
import { signIn } from '~/domain/staff/sign-in.server'
import { AppError } from '~/utils/app-error'
import { pageMeta } from '~/utils/seo'
import { assertSameOrigin, currentStaff, sessionCookie, sessionPolicy } from '~/http/staff-auth.server'
import { ErrorAlert } from '~/components/ui/error-alert'
import type { Route } from './+types/login'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Staff sign-in', description: 'Staff console sign-in.', extra: [{ name: 'robots', content: 'noindex' }] })

/** Only paths inside the console: never an open redirect. */
const safeRedirect = (to: string | null) => (to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/admin-dashboard')

export async function loader({ request }: Route.LoaderArgs) {
	if (await currentStaff(request)) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')))
	return null
}

export async function action({ request, context }: Route.ActionArgs) {
	assertSameOrigin(request)
	const form = await request.formData()
	const email = String(form.get('email') ?? '')
	const password = String(form.get('password') ?? '')
	if (!email.trim() || !password) return data({ error: 'Please enter your email and password.', email }, { status: 400 })
	try {
		const { sessionId } = await signIn(db(), { email, password, ip: context.clientIp, userAgent: request.headers.get('user-agent') }, sessionPolicy())
		throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')), { headers: { 'Set-Cookie': sessionCookie(request, sessionId) } })
	} catch (error) {
		if (error instanceof AppError) return data({ error: error.message, email }, { status: error.status })
		throw error
	}
}

export default function Login() {
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="container page narrow">
			<h1>Staff sign-in</h1>
			{/* A new key per answer clears the password field after a failed attempt. */}
			<Form method="post" className="login-form" key={result ? JSON.stringify(result) + Date.now() : 'form'}>
				<ErrorAlert message={result?.error} />
				<div className="field">
					<label htmlFor="login-email">Email</label>
					<input id="login-email" name="email" type="email" autoComplete="username" required defaultValue={result?.email ?? ''} />
				</div>
				<div className="field">
					<label htmlFor="login-password">Password</label>
					<input id="login-password" name="password" type="password" autoComplete="current-password" required />
				</div>
				<button type="submit" className="button primary block" disabled={busy}>
					{busy ? 'Signing in...' : 'Sign in'}
				</button>
			</Form>
		</div>
	)
}
