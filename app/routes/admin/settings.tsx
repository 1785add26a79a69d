import type { ReactNode } from 'react'
import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router'
import { withArticle } from '~/utils/article'
import { z } from 'zod'
import { AdminTime } from '~/components/admin/admin-time'
import { formatPakistanDay } from '~/utils/pakistan-time'
import { ConsoleTable } from '~/components/admin/console-table'
import { RowAction } from '~/components/admin/row-action'
import { ShownOnce } from '~/components/admin/shown-once'
import { database, db } from '~/db/client.server'
import { BackupForm } from '~/components/admin/backup-form'
import { env } from '~/utils/env.server'
import { staffActor } from '~/domain/staff/audit.server'
import { API_KEY_EXPIRY_DAYS, API_KEY_SCOPE_TEXT, API_KEY_SCOPES } from '~/domain/staff/api-key-scopes'
import { changePasswordInput, newApiKeyInput, newStaffInput } from '~/domain/staff/staff-input'
import { useConsoleForm } from '~/components/admin/console-form'
import { TextField } from '~/components/admin/text-field'
import { getFormProps, getSelectProps } from '@conform-to/react'
import { createApiKey, listApiKeys, revokeApiKey } from '~/domain/staff/api-keys.server'
import { createStaff } from '~/domain/staff/manage-staff.server'
import { listStaff } from '~/domain/staff/list-staff.server'
import { resetStaffPassword } from '~/domain/staff/reset-staff-password.server'
import { setStaffActive } from '~/domain/staff/set-staff-active.server'
import { grantsInWords, setStaffGrants } from '~/domain/staff/set-staff-grants.server'
import { GRANT_TEXT, STAFF_GRANTS, type Grant } from '~/domain/staff/permissions'
import { setTwoFactorRequired, twoFactorRequired } from '~/domain/staff/two-factor-requirement.server'
import { AppError } from '~/utils/app-error'
import { pageMeta } from '~/utils/seo'
import { clearSessionCookie, requireStaff } from '~/http/staff-auth.server'
import { changeOwnPassword, signOutEverywhere } from '~/domain/staff/own-account.server'
import { PASSWORD_MIN } from '~/domain/staff/sign-in-input'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
import { ErrorAlert } from '~/components/ui/error-alert'
import { idSchema } from '~/utils/input'
import { readPageForm } from '~/http/http.server'
import type { Route } from './+types/settings'
import type { Outcome } from '~/http/outcome'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Settings', description: 'Your account; for the owner, staff accounts, backups and API keys.', extra: [{ name: 'robots', content: 'noindex' }] })

// Every member of staff has "Your account" here (change the password, sign out everywhere); staff
// accounts, two-factor policy and API keys are the owner's only.
export async function loader({ request }: Route.LoaderArgs) {
	const me = await requireStaff(request)
	const mine = { id: me.id, email: me.email, twoFactorEnabled: me.twoFactorEnabled }
	if (me.role !== 'owner') return { me: mine, owner: null }
	const [staff, apiKeys, requireTwoFactor] = await Promise.all([listStaff(db()), listApiKeys(db()), twoFactorRequired(db())])
	// The job worker writes the daily backup on PGlite only (ADR-044).
	const dailyBackup = database().kind === 'pglite' && env().BACKUP_DIR ? { keepDays: env().BACKUP_KEEP_DAYS } : null
	return { me: mine, owner: { staff, apiKeys, requireTwoFactor, dailyBackup } }
}

const id = idSchema()
const settingsIntent = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('create-staff'), email: z.string(), name: z.string(), role: z.enum(['owner', 'staff']).default('staff') }),
	z.object({ intent: z.literal('reset-password'), staffId: id }),
	z.object({ intent: z.literal('set-active'), staffId: id, active: z.enum(['true', 'false']).transform((v) => v === 'true') }),
	// One box per grant (`grant-<name>`), an unticked one not sent: absent means no.
	z.looseObject({ intent: z.literal('set-grants'), staffId: id }),
	// One box per scope (`scope-<name>`), an unticked one not sent; the expiry in days, or '' for none.
	z.looseObject({ intent: z.literal('create-key'), name: z.string(), expiresInDays: newApiKeyInput.shape.expiresInDays }),
	z.object({ intent: z.literal('revoke-key'), apiKeyId: id }),
	z.object({ intent: z.literal('require-two-factor'), required: z.enum(['true', 'false']).transform((v) => v === 'true') }),
])

/** What any member of staff may do here, for their own account. */
const ownAccountIntent = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('change-password'), current: z.string().default(''), next: z.string().default('') }),
	z.object({ intent: z.literal('sign-out-everywhere') }),
])

/** Where this browser goes once its session ended with the others: the sign-in page, saying why. */
const signedOutTo = (request: Request, why: 'password-changed' | 'everywhere') =>
	redirect(`/admin/login?signedOut=${why}`, { headers: { 'Set-Cookie': clearSessionCookie(request) } })

type SettingsOutcome = Outcome<{ secret?: { label: string; value: string; what: string } }>

export async function action({ request }: Route.ActionArgs) {
	const signedIn = await requireStaff(request)
	const form = await readPageForm(request)
	const own = ownAccountIntent.safeParse(form)
	if (own.success) {
		try {
			if (own.data.intent === 'sign-out-everywhere') {
				await signOutEverywhere(db(), signedIn)
				throw signedOutTo(request, 'everywhere')
			}
			await changeOwnPassword(db(), signedIn, own.data)
			throw signedOutTo(request, 'password-changed')
		} catch (error) {
			// Passwords are never typed back into the form.
			if (error instanceof AppError) return refuseWith<SettingsOutcome>(error, { intent: own.data.intent })
			throw error
		}
	}
	const me = await requireStaff(request, { permission: 'owner' })
	const actor = staffActor(me)
	const parsed = settingsIntent.safeParse(form)
	if (!parsed.success) return notUnderstood<SettingsOutcome>({ intent: String(form.intent ?? '') })
	const input = parsed.data
	try {
		switch (input.intent) {
			case 'create-staff': {
				const created = await createStaff(db(), { email: input.email, name: input.name, role: input.role }, actor)
				return data<SettingsOutcome>({ ok: true, message: `Created ${withArticle(created.role)} account for ${created.email}.`, secret: { label: `Password for ${created.email}.`, value: created.password, what: 'password' } })
			}
			case 'reset-password': {
				const reset = await resetStaffPassword(db(), actor, input.staffId)
				return data<SettingsOutcome>({ ok: true, message: `Reset the password of ${reset.email} and signed them out everywhere.`, secret: { label: `New password for ${reset.email}.`, value: reset.password, what: 'password' } })
			}
			case 'set-active': {
				const result = await setStaffActive(db(), actor, input)
				return data<SettingsOutcome>({ ok: true, message: result.active ? `Reactivated ${result.email}.` : `Deactivated ${result.email} and signed them out.` })
			}
			case 'set-grants': {
				const set = await setStaffGrants(db(), actor, input.staffId, STAFF_GRANTS.filter((grant) => form[`grant-${grant}`] === 'on'))
				const changes = [set.added.length ? `may now ${grantsInWords(set.added)}` : '', set.removed.length ? `may no longer ${grantsInWords(set.removed)}` : ''].filter(Boolean)
				return data<SettingsOutcome>({ ok: true, message: changes.length ? `${set.account.email} ${changes.join(' and ')}.` : `Nothing changed for ${set.account.email}.` })
			}
			case 'create-key': {
				const scopes = API_KEY_SCOPES.filter((scope) => form[`scope-${scope}`] === 'on')
				const expiresAt = input.expiresInDays ? new Date(Date.now() + Number(input.expiresInDays) * 86_400_000) : null
				const created = await createApiKey(db(), input.name, actor.staffId ?? null, { scopes, expiresAt, actor })
				return data<SettingsOutcome>({
					ok: true,
					message: `Created the API key “${created.name}”: it may ${created.scopes.join(', ')}${created.expiresAt ? `, until ${formatPakistanDay(created.expiresAt.toISOString())}` : ''}.`,
					secret: { label: `API key “${created.name}”.`, value: created.key, what: 'API key' },
				})
			}
			case 'revoke-key': {
				await revokeApiKey(db(), input.apiKeyId, actor)
				return data<SettingsOutcome>({ ok: true, message: 'Revoked the API key: tools using it are refused from now on.' })
			}
			case 'require-two-factor': {
				const result = await setTwoFactorRequired(db(), { ...actor, staffId: me.id }, input.required)
				return data<SettingsOutcome>({
					ok: true,
					message: result.required
						? 'Two-factor sign-in is now required: staff without it are sent to set it up before they can use the console.'
						: 'Two-factor sign-in is no longer required; staff who use it keep it.',
				})
			}
		}
	} catch (error) {
		if (error instanceof AppError) return refuseWith<SettingsOutcome>(error, { intent: input.intent, values: form })
		throw error
	}
}

/** What the owner grants a staff member: a box per grant and one Save. */
function GrantsForm({ staff, busy }: { staff: { id: number; email: string; grants: readonly Grant[] }; busy: boolean }) {
	return (
		<Form method="post" className="staff-permissions" aria-label={`What ${staff.email} may do`}>
			<input type="hidden" name="intent" value="set-grants" />
			<input type="hidden" name="staffId" value={staff.id} />
			{STAFF_GRANTS.map((grant) => (
				<label key={grant}>
					<input type="checkbox" name={`grant-${grant}`} defaultChecked={staff.grants.includes(grant)} key={String(staff.grants.includes(grant))} /> {`May ${GRANT_TEXT[grant]}`}
				</label>
			))}
			<button type="submit" className="button ghost small" disabled={busy} aria-label={`Save what ${staff.email} may do`}>
				Save
			</button>
		</Form>
	)
}

export default function Settings({ loaderData }: Route.ComponentProps) {
	const { me, owner } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const failed = result && !result.ok ? result : null
	// A refusal of one field is shown beside that field, not again above the form.
	const errorFor = (intent: string) => <ErrorAlert message={failed?.intent === intent && !Object.keys(failed.fieldErrors ?? {}).length ? failed.message : null} />

	return (
		<div className="staff-settings">
			<h1>Settings</h1>
			{result?.ok ? (
				<div className="success-box" role="status">
					<p>{result.message}</p>
				</div>
			) : null}
			{result?.ok && result.secret ? <ShownOnce {...result.secret} /> : null}
			{failed && !['create-staff', 'create-key', 'require-two-factor', 'change-password', 'sign-out-everywhere'].includes(failed.intent ?? '') ? errorFor(failed.intent ?? '') : null}

			<YourAccount email={me.email} busy={busy} answer={result} errorFor={errorFor} />

			{owner ? <OwnerSettings me={me} {...owner} busy={busy} failed={failed} errorFor={errorFor} /> : null}
		</div>
	)
}

/** The signed-in staff member's own password and sessions. Both forms end every session of the account, this one too. */
function YourAccount({ email, busy, answer, errorFor }: { email: string; busy: boolean; answer: Answer; errorFor: (intent: string) => ReactNode }) {
	const [form, fields] = useConsoleForm(changePasswordInput, { id: 'change-password', answer: answer?.intent === 'change-password' ? answer : null })
	return (
		<section aria-labelledby="account-heading" className="settings-section your-account">
			<h2 id="account-heading">Your account</h2>
			<p className="muted small">
				Signed in as <strong>{email}</strong>. Choose what reaches you by email and Telegram on <Link to="/admin/alerts">Alerts</Link>.
			</p>
			<h3 id="password-heading">Change your password</h3>
			{errorFor('change-password')}
			<Form method="post" className="settings-form" aria-labelledby="password-heading" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="change-password" />
				<input type="hidden" name="username" value={email} autoComplete="username" />
				<TextField field={fields.current} label="Current password" type="password" autoComplete="current-password" />
				<TextField
					field={fields.next}
					label="New password"
					type="password"
					autoComplete="new-password"
					hint={`At least ${PASSWORD_MIN} characters. Every device signed in to your account is signed out, this one too: sign in again with the new password.`}
				/>
				<button type="submit" className="button primary" disabled={busy}>
					Change password
				</button>
			</Form>
			<h3 id="everywhere-heading">Sign out everywhere</h3>
			<p className="muted small">Ends your sign-ins on every phone and computer, this one too, and closes their open live pages.</p>
			{errorFor('sign-out-everywhere')}
			<Form method="post" aria-labelledby="everywhere-heading">
				<input type="hidden" name="intent" value="sign-out-everywhere" />
				<button type="submit" className="button ghost" disabled={busy}>
					Sign out everywhere
				</button>
			</Form>
		</section>
	)
}

type Owner = NonNullable<Route.ComponentProps['loaderData']['owner']>
type Failed = { ok: false; intent?: string; message: string; values?: Record<string, string> } | null
type Answer = ReturnType<typeof useActionData<typeof action>>

function OwnerSettings({
	me,
	staff,
	apiKeys,
	requireTwoFactor,
	dailyBackup,
	busy,
	failed,
	errorFor,
}: Owner & { me: { id: number; twoFactorEnabled: boolean }; busy: boolean; failed: Failed; errorFor: (intent: string) => ReactNode }) {
	const result = useActionData<typeof action>()
	return (
		<>
			<section aria-labelledby="staff-heading" className="settings-section">
				<h2 id="staff-heading">Staff accounts</h2>
				<ConsoleTable
					rows={staff}
					rowKey={(s) => s.id}
					columns={[
						{ header: 'Email', cell: (s) => s.email },
						{ header: 'Name', cell: (s) => s.name },
						{ header: 'Role', cell: (s) => s.role },
						{
							// One column for what the owner grants: the table stays within a laptop's width.
							header: 'Permissions',
							cell: (s) =>
								s.role === 'owner' ? <span className="muted">Always (owner)</span> : <GrantsForm staff={s} busy={busy} />,
						},
						{ header: 'Status', cell: (s) => (s.active ? 'Active' : <span className="muted">Deactivated</span>) },
						{ header: 'Two-factor', cell: (s) => (s.twoFactorSince ? 'On' : <span className="muted">Off</span>) },
						{ header: 'Last sign-in', cell: (s) => <AdminTime date={s.lastLoginAt} /> },
						{
							header: 'Actions',
							srOnlyHeader: true,
							className: 'settings-actions',
							cell: (s) =>
								s.id === me.id ? (
									<span className="muted small">You</span>
								) : (
									<>
										<RowAction intent="reset-password" fields={{ staffId: s.id }} label="Reset password" ariaLabel={`Reset password for ${s.email}`} busy={busy} />
										<RowAction
											intent="set-active"
											fields={{ staffId: s.id, active: s.active ? 'false' : 'true' }}
											label={s.active ? 'Deactivate' : 'Reactivate'}
											ariaLabel={`${s.active ? 'Deactivate' : 'Reactivate'} ${s.email}`}
											busy={busy}
										/>
									</>
								),
						},
					]}
				/>

				<NewStaffForm key={result?.ok ? `staff-${result.message}` : 'staff'} busy={busy} answer={failed?.intent === 'create-staff' ? failed : null} error={errorFor('create-staff')} />
			</section>

			<section aria-labelledby="sign-in-heading" className="settings-section">
				<h2 id="sign-in-heading">Sign-in security</h2>
				<p className="muted small">
					Staff can read delivery codes. Requiring two-factor sign-in sends every staff member without it to the Security page before any other console page works. API
					keys are not affected.
				</p>
				<p>
					Two-factor sign-in is <strong>{requireTwoFactor ? 'required for every staff account' : 'optional'}</strong>.
				</p>
				{errorFor('require-two-factor')}
				{!requireTwoFactor && !me.twoFactorEnabled ? <p className="muted small">Turn it on for your own account on the Security page first.</p> : null}
				<Form method="post">
					<input type="hidden" name="intent" value="require-two-factor" />
					<input type="hidden" name="required" value={requireTwoFactor ? 'false' : 'true'} />
					<button type="submit" className={requireTwoFactor ? 'button ghost' : 'button primary'} disabled={busy}>
						{requireTwoFactor ? 'Stop requiring two-factor sign-in' : 'Require two-factor sign-in for every staff account'}
					</button>
				</Form>
			</section>

			<BackupForm daily={dailyBackup} />

			<section aria-labelledby="keys-heading" className="settings-section">
				<h2 id="keys-heading">API keys</h2>
				<p className="muted small">
					Staff tools send a key in the X-ADMIN-KEY header to create DM orders and to call the console API (described at <code>/api/admin/openapi.json</code>). A key may do only
					what its scopes allow. Store settings, transfer accounts, staff accounts and keys are never changed with a key: only by you, signed in here.
				</p>
				{apiKeys.some((k) => !k.revokedAt && k.scopes.length === API_KEY_SCOPES.length) ? (
					<p className="muted small">Keys made before scopes existed hold every scope. To narrow one, create a key with fewer scopes and revoke the old one.</p>
				) : null}
				{apiKeys.length === 0 ? (
					<p className="muted">No API keys yet.</p>
				) : (
					<ConsoleTable
						rows={apiKeys}
						rowKey={(k) => k.id}
						columns={[
							{ header: 'Name', cell: (k) => k.name },
							{ header: 'Prefix', cell: (k) => <code>{k.prefix}…</code> },
							{
								header: 'May',
								cell: (k) => (
									<ul className="key-scopes">
										{k.scopes.map((scope) => (
											<li key={scope} title={API_KEY_SCOPE_TEXT[scope]}>
												<code>{scope}</code>
											</li>
										))}
									</ul>
								),
							},
							{ header: 'Created', cell: (k) => <AdminTime date={k.createdAt} /> },
							{ header: 'Last used', cell: (k) => (k.lastUsedAt ? <AdminTime date={k.lastUsedAt} /> : <span className="muted">Never</span>) },
							{ header: 'Expires', cell: (k) => (k.expiresAt ? <AdminTime date={k.expiresAt} /> : <span className="muted">Never</span>) },
							{
								header: 'Status',
								cell: (k) =>
									k.revokedAt ? (
										<span className="muted">
											Revoked <AdminTime date={k.revokedAt} />
										</span>
									) : k.expiresAt && new Date(k.expiresAt).getTime() <= Date.now() ? (
										<span className="muted">Expired</span>
									) : (
										'Active'
									),
							},
							{
								header: 'Actions',
								srOnlyHeader: true,
								className: 'settings-actions',
								cell: (k) => (k.revokedAt ? null : <RowAction intent="revoke-key" fields={{ apiKeyId: k.id }} label="Revoke" ariaLabel={`Revoke API key ${k.name}`} busy={busy} />),
							},
						]}
					/>
				)}
				<NewKeyForm key={result?.ok ? `key-${result.message}` : 'key'} busy={busy} answer={failed?.intent === 'create-key' ? failed : null} error={errorFor('create-key')} />
			</section>
		</>
	)
}

/** One of the owner's forms that adds someone or something (a staff member, an API key): its heading, its refusal, its fields, its button. */
function AddForm({ formProps, intent, title, error, submit, busy, children }: { formProps: ReturnType<typeof getFormProps>; intent: string; title: string; error: ReactNode; submit: string; busy: boolean; children: ReactNode }) {
	return (
		<Form method="post" className="settings-form" {...formProps}>
			<h3>{title}</h3>
			{error}
			<input type="hidden" name="intent" value={intent} />
			{children}
			<button type="submit" className="button primary" disabled={busy}>
				{submit}
			</button>
		</Form>
	)
}

function NewStaffForm({ busy, answer, error }: { busy: boolean; answer: Failed; error: ReactNode }) {
	const [form, fields] = useConsoleForm(newStaffInput, { id: 'create-staff', answer, defaultValue: { role: 'staff' } })
	return (
		<AddForm formProps={getFormProps(form)} intent="create-staff" title="Add a staff member" error={error} submit="Create account" busy={busy}>
			<TextField field={fields.email} label="Email" type="email" autoComplete="off" />
			<TextField field={fields.name} label="Name" autoComplete="off" />
			<div className="field">
				<label htmlFor={fields.role.id}>Role</label>
				<select {...getSelectProps(fields.role)}>
					<option value="staff">Staff</option>
					<option value="owner">Owner</option>
				</select>
			</div>
		</AddForm>
	)
}

function NewKeyForm({ busy, answer, error }: { busy: boolean; answer: Failed; error: ReactNode }) {
	const [form, fields] = useConsoleForm(newApiKeyInput, { id: 'create-key', answer, defaultValue: { expiresInDays: '' } })
	return (
		<AddForm formProps={getFormProps(form)} intent="create-key" title="Create an API key" error={error} submit="Create key" busy={busy}>
			<TextField field={fields.name} label="Key name" autoComplete="off" placeholder="e.g. Instagram DM tool" />
			<fieldset className="field key-scope-choice">
				<legend>What it may do</legend>
				{API_KEY_SCOPES.map((scope) => (
					<label key={scope} className="checkbox-label">
						<input type="checkbox" name={`scope-${scope}`} defaultChecked={answer ? answer.values?.[`scope-${scope}`] === 'on' : false} />
						<span>
							<code>{scope}</code> {API_KEY_SCOPE_TEXT[scope]}
						</span>
					</label>
				))}
			</fieldset>
			<div className="field">
				<label htmlFor={fields.expiresInDays.id}>Expires</label>
				<select {...getSelectProps(fields.expiresInDays)}>
					<option value="">Never (until revoked)</option>
					{API_KEY_EXPIRY_DAYS.map((days) => (
						<option key={days} value={days}>
							In {days} days
						</option>
					))}
				</select>
			</div>
		</AddForm>
	)
}
