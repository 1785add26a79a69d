import type { ReactNode } from 'react'
import { Form, data, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminTime } from '~/components/admin/admin-time'
import { CopyButton } from '~/components/ui/copy-button'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { disableTwoFactor } from '~/domain/staff/disable-two-factor.server'
import { enableTwoFactor } from '~/domain/staff/enable-two-factor.server'
import { renewRecoveryCodes } from '~/domain/staff/renew-recovery-codes.server'
import { startTwoFactorSetup } from '~/domain/staff/start-two-factor-setup.server'
import { twoFactorRequired } from '~/domain/staff/two-factor-requirement.server'
import { twoFactorStatus } from '~/domain/staff/two-factor.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { pageMeta } from '~/utils/seo'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
import { readPageForm } from '~/http/http.server'
import type { Route } from './+types/security'
import type { Outcome } from '~/http/outcome'
import { appCodeInput, disableTwoFactorInput } from '~/domain/staff/staff-input'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { getFormProps, getInputProps } from '@conform-to/react'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Security', description: 'Two-factor sign-in for your staff account.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	const staff = await requireStaff(request)
	const required = await twoFactorRequired(db())
	if (staff.twoFactorEnabled) return { enabled: true as const, required, status: await twoFactorStatus(db(), staff.id) }
	return { enabled: false as const, required, setup: await startTwoFactorSetup(db(), staff, (await readStoreDetails(db())).storeName) }
}

const securityIntent = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('enable'), code: z.string() }),
	z.object({ intent: z.literal('disable'), proof: z.string() }),
	z.object({ intent: z.literal('renew-codes'), code: z.string() }),
])

type SecurityOutcome = Outcome<{ recoveryCodes?: string[] }>

export async function action({ request }: Route.ActionArgs) {
	const me = await requireStaff(request)
	const actor = { ...staffActor(me), staffId: me.id }
	const form = await readPageForm(request)
	const parsed = securityIntent.safeParse(form)
	if (!parsed.success) return notUnderstood<SecurityOutcome>({ intent: String(form.intent ?? '') })
	const input = parsed.data
	try {
		switch (input.intent) {
			case 'enable': {
				const recoveryCodes = await enableTwoFactor(db(), actor, input.code)
				return data<SecurityOutcome>({ ok: true, message: 'Two-factor sign-in is on. From now on you sign in with your password and a code from your app.', recoveryCodes })
			}
			case 'renew-codes': {
				const recoveryCodes = await renewRecoveryCodes(db(), actor, input.code)
				return data<SecurityOutcome>({ ok: true, message: 'New recovery codes are ready; the old ones no longer work.', recoveryCodes })
			}
			case 'disable': {
				await disableTwoFactor(db(), actor, input.proof)
				return data<SecurityOutcome>({ ok: true, message: 'Two-factor sign-in is off. You sign in with your password only.' })
			}
		}
	} catch (error) {
		// Codes and passwords are never typed back into the form.
		if (error instanceof AppError) return refuseWith<SecurityOutcome>(error, { intent: input.intent })
		throw error
	}
}

function RecoveryCodes({ codes }: { codes: string[] }) {
	return (
		<div className="shown-once" role="status">
			<p>
				<strong>Your recovery codes.</strong> Each one signs you in once if you lose your phone. They are shown only this once: save them somewhere safe, away from
				your phone.
			</p>
			<ol className="recovery-codes" aria-label="Recovery codes">
				{codes.map((code) => (
					<li key={code}>
						<code>{code}</code>
					</li>
				))}
			</ol>
			<CopyButton value={codes.join('\n')} what="recovery codes" />
		</div>
	)
}

export default function Security({ loaderData }: Route.ComponentProps) {
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const failed = result && !result.ok ? result : null
	// A refusal of the field is shown beside it, not again above the form.
	const errorFor = (intent: string) => <ErrorAlert message={failed?.intent === intent && !Object.keys(failed.fieldErrors ?? {}).length ? failed.message : null} />
	const answerFor = (intent: string) => (failed?.intent === intent ? failed : null)
	const formKey = (name: string) => (result ? `${name}-${JSON.stringify(result)}` : name)

	return (
		<div className="staff-settings">
			<h1>Security</h1>
			{result?.ok ? (
				<div className="success-box" role="status">
					<p>{result.message}</p>
				</div>
			) : null}
			{result?.ok && result.recoveryCodes ? <RecoveryCodes codes={result.recoveryCodes} /> : null}
			{failed && !['enable', 'disable', 'renew-codes'].includes(failed.intent ?? '') ? <ErrorAlert message={failed.message} /> : null}

			<section aria-labelledby="two-factor-heading" className="settings-section">
				<h2 id="two-factor-heading">Two-factor sign-in</h2>
				{loaderData.enabled ? (
					<>
						<p>
							<strong>On</strong> since <AdminTime date={loaderData.status.enabledAt} />. You sign in with your password and a 6-digit code from your authenticator app.{' '}
							{loaderData.status.recoveryCodesLeft === 1 ? '1 recovery code is' : `${loaderData.status.recoveryCodesLeft} recovery codes are`} left.
						</p>

						<CodeForm key={formKey('renew')} intent="renew-codes" answer={answerFor('renew-codes')} className="settings-form" busy={busy} label="Code from your authenticator app" button="Make new recovery codes">
							<h3>New recovery codes</h3>
							{errorFor('renew-codes')}
						</CodeForm>

						{loaderData.required ? (
							<p className="muted small">The shop owner requires two-factor sign-in for every staff account, so it cannot be turned off.</p>
						) : (
							<DisableForm key={formKey('disable')} answer={answerFor('disable')} busy={busy}>
								{errorFor('disable')}
							</DisableForm>
						)}
					</>
				) : (
					<>
						{loaderData.required ? (
							<p className="error-box" role="alert">
								The shop owner requires two-factor sign-in for every staff account. Set it up below to use the rest of the console.
							</p>
						) : (
							<p>
								<strong>Off.</strong> Staff can read delivery codes, so protect your account with a second step: a 6-digit code from an authenticator app on your phone
								(Google Authenticator, Microsoft Authenticator, 1Password and others).
							</p>
						)}
						<ol className="two-factor-steps">
							<li>
								<p>Scan this QR code with your authenticator app.</p>
								<div className="totp-qr" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: loaderData.setup.qrSvg }} />
							</li>
							<li>
								<p>Or type this key into the app by hand:</p>
								<div className="shown-once-value">
									<code className="staff-secret">{loaderData.setup.secret}</code>
									<CopyButton value={loaderData.setup.secret.replace(/ /g, '')} what="set-up key" />
								</div>
							</li>
							<li>
								<CodeForm key={formKey('enable')} intent="enable" answer={answerFor('enable')} className="two-factor-confirm" busy={busy} label="Enter the 6-digit code the app shows" button="Turn on two-factor sign-in">
									{errorFor('enable')}
								</CodeForm>
							</li>
						</ol>
					</>
				)}
			</section>
		</div>
	)
}

type Answer = { ok: false; message: string; fieldErrors?: Record<string, string> } | null

/** A code from the authenticator app: to turn two-factor sign-in on, or for new recovery codes. */
function CodeForm({ intent, answer, className, busy, label, button, children }: { intent: string; answer: Answer; className: string; busy: boolean; label: string; button: string; children: ReactNode }) {
	const [form, fields] = useConsoleForm(appCodeInput, { id: intent, answer })
	return (
		<Form method="post" className={className} {...getFormProps(form)}>
			{children}
			<input type="hidden" name="intent" value={intent} />
			<div className="field">
				<label htmlFor={fields.code.id}>{label}</label>
				<input {...getInputProps(fields.code, { type: 'text', value: false })} inputMode="numeric" autoComplete="one-time-code" />
				<FieldError field={fields.code} />
			</div>
			<button type="submit" className="button primary" disabled={busy}>
				{button}
			</button>
		</Form>
	)
}

function DisableForm({ answer, busy, children }: { answer: Answer; busy: boolean; children: ReactNode }) {
	const [form, fields] = useConsoleForm(disableTwoFactorInput, { id: 'disable', answer })
	return (
		<Form method="post" className="settings-form" {...getFormProps(form)}>
			<h3>Turn off two-factor sign-in</h3>
			{children}
			<input type="hidden" name="intent" value="disable" />
			<div className="field">
				<label htmlFor={fields.proof.id}>Your password or a code from your app</label>
				<input {...getInputProps(fields.proof, { type: 'password', value: false })} autoComplete="current-password" />
				<FieldError field={fields.proof} />
			</div>
			<button type="submit" className="button ghost" disabled={busy}>
				Turn off two-factor sign-in
			</button>
		</Form>
	)
}
