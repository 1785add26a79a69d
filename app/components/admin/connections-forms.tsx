import { getFormProps, getInputProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { TextField } from '~/components/admin/text-field'
import { CopyButton } from '~/components/ui/copy-button'
import { ErrorAlert } from '~/components/ui/error-alert'
import { emailConnectionInput, payproConnectionInput, publicUrlInput, type ConnectionsView } from '~/domain/settings/connections'
import type { Outcome } from '~/http/outcome'

export type ConnectionAnswer = Outcome<{ at: number }, { at: number }>

type Answers = { answer: ConnectionAnswer | null; busy: boolean }

/** The answer to one of a section's forms (its intents start with `prefix`), shown in that section. */
function SectionAnswer({ answer, prefix }: { answer: ConnectionAnswer | null; prefix: string }) {
	if (!answer?.intent?.startsWith(prefix)) return null
	if (answer.ok)
		return (
			<div className="success-box" role="status">
				<p>{answer.message}</p>
			</div>
		)
	return Object.keys(answer.fieldErrors ?? {}).length > 0 ? null : <ErrorAlert message={answer.message} />
}

const FROM: Record<ConnectionsView['paypro']['source'], string> = { environment: 'Set in the server’s environment', console: 'Connected', none: 'Not connected' }

function Status({ source, children }: { source: ConnectionsView['paypro']['source']; children: ReactNode }) {
	return (
		<p className={`connection-status ${source}`}>
			<strong>{FROM[source]}</strong>
			{children ? <>: {children}</> : null}
		</p>
	)
}

/** A value to paste elsewhere: shown whole, selectable, with a copy button. */
function PasteValue({ label, value }: { label: string; value: string }) {
	return (
		<div className="paste-value">
			<span className="paste-label">{label}</span>
			<code>{value}</code>
			<CopyButton value={value} what={label.toLowerCase()} />
		</div>
	)
}

/** One button posting `intent`, with a hint beside it: each section's Test and Disconnect. */
function IntentButton({ intent, label, hint, busy, small = false }: { intent: string; label: string; hint?: string; busy: boolean; small?: boolean }) {
	return (
		<Form method="post" className={hint ? 'connection-test' : 'connection-remove'}>
			<input type="hidden" name="intent" value={intent} />
			<button type="submit" className={small ? 'button ghost small' : 'button ghost'} disabled={busy}>
				{label}
			</button>
			{hint ? <span className="field-hint">{hint}</span> : null}
		</Form>
	)
}

/** The three connections, each a section with its state, its form (unless the environment sets it), Test and Disconnect. */
export function ConnectionsForms({ connections, ownerEmail, answer, busy }: { connections: ConnectionsView; ownerEmail: string } & Answers) {
	return (
		<div className="connections">
			<PayProSection paypro={connections.paypro} answer={answer} busy={busy} />
			<EmailSection email={connections.email} ownerEmail={ownerEmail} answer={answer} busy={busy} />
			<PublicUrlSection publicUrl={connections.publicUrl} answer={answer} busy={busy} />
		</div>
	)
}

function PayProSection({ paypro, answer, busy }: { paypro: ConnectionsView['paypro'] } & Answers) {
	const refusal = answer && !answer.ok && answer.intent === 'paypro-save' ? answer : null
	const [form, fields] = useConsoleForm(payproConnectionInput, {
		id: `paypro-${answer?.at ?? 'form'}`,
		answer: refusal,
		defaultValue: { clientId: paypro.clientId ?? '', clientSecret: '', merchantId: paypro.merchantId ?? '', mode: paypro.mode ?? 'live', baseUrl: paypro.source === 'console' && paypro.baseUrl && !/paypro\.com\.pk$/.test(new URL(paypro.baseUrl).hostname) ? paypro.baseUrl : '' },
	})
	return (
		<section className="settings-section" id="paypro" aria-labelledby="paypro-heading">
			<h2 id="paypro-heading">PayPro: online payments</h2>
			{paypro.source === 'none' ? (
				<Status source="none">card and wallet payments go to the built-in simulator; they are test payments and no money moves</Status>
			) : (
				<Status source={paypro.source}>
					{paypro.mode === 'sandbox' ? 'sandbox' : 'live'}, client id <code>{paypro.clientId}</code>, merchant <code>{paypro.merchantId}</code>, secret ends <code>{paypro.clientSecret}</code>
				</Status>
			)}
			<SectionAnswer answer={answer} prefix="paypro-" />
			{paypro.source === 'environment' ? (
				<p className="field-hint">PAYPRO_CLIENT_ID and the rest are set in the server’s environment, so they win over this page: change them there.</p>
			) : (
				<Form key={`paypro-${answer?.ok ? answer.at : ''}`} method="post" autoComplete="off" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="paypro-save" />
					<div className="field-grid">
						<TextField field={fields.clientId} label="Client id" autoComplete="off" spellCheck={false} hint="PayPro’s merchant panel: API credentials." />
						<div className="field">
							<label htmlFor={fields.clientSecret.id}>{paypro.source === 'console' ? 'Replace the client secret' : 'Client secret'}</label>
							<input {...getInputProps(fields.clientSecret, { type: 'password', ariaDescribedBy: `${fields.clientSecret.id}-hint` })} required={paypro.source !== 'console'} autoComplete="off" spellCheck={false} />
							<FieldError field={fields.clientSecret} />
							<p className="field-hint" id={`${fields.clientSecret.id}-hint`}>
								{paypro.source === 'console' ? 'Leave it empty to keep the saved one. ' : ''}Stored encrypted, never shown again.
							</p>
						</div>
						<TextField field={fields.merchantId} label="Merchant id" autoComplete="off" spellCheck={false} hint="Your PayPro username." />
						<fieldset className="field choice-field">
							<legend>Mode</legend>
							<label className="choice-row">
								<input type="radio" name={fields.mode.name} value="live" defaultChecked={(fields.mode.initialValue ?? 'live') === 'live'} /> <span>Live: real money</span>
							</label>
							<label className="choice-row">
								<input type="radio" name={fields.mode.name} value="sandbox" defaultChecked={fields.mode.initialValue === 'sandbox'} /> <span>Sandbox: PayPro’s test account</span>
							</label>
							<FieldError field={fields.mode} />
						</fieldset>
						<TextField field={fields.baseUrl} label="PayPro’s address (optional)" type="text" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://api.paypro.com.pk" hint="Empty: PayPro’s own for the mode." />
					</div>
					<button type="submit" className="button primary" disabled={busy}>
						{paypro.source === 'console' ? 'Save PayPro' : 'Connect PayPro'}
					</button>
				</Form>
			)}
			{paypro.source !== 'none' ? (
				<>
					<div className="paste-values">
						<h3>Paste these into PayPro’s panel (notification, UIS)</h3>
						<PasteValue label="Address" value={paypro.callbackUrl} />
						{paypro.callbackUsername ? <PasteValue label="Username" value={paypro.callbackUsername} /> : null}
						{paypro.callbackPassword ? <PasteValue label="Password" value={paypro.callbackPassword} /> : null}
					</div>
					<IntentButton intent="paypro-test" label="Test PayPro" hint="Asks PayPro for a sign-in token with this account." busy={busy} />
					{paypro.source === 'console' ? <IntentButton intent="paypro-remove" label="Disconnect PayPro" busy={busy} small /> : null}
				</>
			) : null}
		</section>
	)
}

function EmailSection({ email, ownerEmail, answer, busy }: { email: ConnectionsView['email']; ownerEmail: string } & Answers) {
	const refusal = answer && !answer.ok && answer.intent === 'email-save' ? answer : null
	const [form, fields] = useConsoleForm(emailConnectionInput, {
		id: `email-${answer?.at ?? 'form'}`,
		answer: refusal,
		defaultValue: { provider: email.provider === 'smtp' ? 'smtp' : 'brevo', brevoKey: '', templateId: email.templateId ? String(email.templateId) : '', smtpUrl: '', from: email.from },
	})
	const saved = email.source === 'console'
	return (
		<section className="settings-section" id="email" aria-labelledby="email-heading">
			<h2 id="email-heading">Email: sign-in codes, order emails, receipts</h2>
			{email.source === 'none' ? (
				<Status source="none">emails are kept in the outbox and the log, never sent; buyers receive no sign-in code</Status>
			) : (
				<Status source={email.source}>
					{email.provider === 'brevo' ? <>Brevo, key ends <code>{email.brevoKey}</code>, template {email.templateId}</> : email.provider === 'smtp' ? <>SMTP server <code>{email.smtpUrl}</code></> : 'kept in the log'}, from <code>{email.from}</code>
				</Status>
			)}
			<SectionAnswer answer={answer} prefix="email-" />
			{email.source === 'environment' ? (
				<p className="field-hint">EMAIL_PROVIDER is set in the server’s environment, so it wins over this page: change it there.</p>
			) : (
				<Form key={`email-${answer?.ok ? answer.at : ''}`} method="post" autoComplete="off" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="email-save" />
					<fieldset className="field choice-field">
						<legend>Send through</legend>
						<label className="choice-row">
							<input type="radio" name={fields.provider.name} value="brevo" defaultChecked={(fields.provider.initialValue ?? 'brevo') === 'brevo'} /> <span>Brevo (its API key)</span>
						</label>
						<label className="choice-row">
							<input type="radio" name={fields.provider.name} value="smtp" defaultChecked={fields.provider.initialValue === 'smtp'} /> <span>An SMTP server</span>
						</label>
						<FieldError field={fields.provider} />
					</fieldset>
					<div className="field-grid">
						<div className="field">
							<label htmlFor={fields.brevoKey.id}>{saved && email.provider === 'brevo' ? 'Replace the Brevo API key' : 'Brevo API key'}</label>
							<input {...getInputProps(fields.brevoKey, { type: 'password', ariaDescribedBy: `${fields.brevoKey.id}-hint` })} autoComplete="off" spellCheck={false} />
							<FieldError field={fields.brevoKey} />
							<p className="field-hint" id={`${fields.brevoKey.id}-hint`}>
								{saved && email.provider === 'brevo' ? 'Leave it empty to keep the saved one. ' : ''}Brevo: SMTP &amp; API, API keys. Stored encrypted.
							</p>
						</div>
						<TextField field={fields.templateId} label="Brevo template number (optional)" inputMode="numeric" autoComplete="off" hint="The order-paid email’s template; empty: 2." />
						<div className="field wide">
							<label htmlFor={fields.smtpUrl.id}>{saved && email.provider === 'smtp' ? 'Replace the SMTP address' : 'SMTP address'}</label>
							<input {...getInputProps(fields.smtpUrl, { type: 'password', ariaDescribedBy: `${fields.smtpUrl.id}-hint` })} autoComplete="off" spellCheck={false} placeholder="smtps://user:password@smtp.example.com:465" />
							<FieldError field={fields.smtpUrl} />
							<p className="field-hint" id={`${fields.smtpUrl.id}-hint`}>
								{saved && email.provider === 'smtp' ? 'Leave it empty to keep the saved one. ' : ''}With its user and password; stored encrypted.
							</p>
						</div>
						<TextField field={fields.from} label="Send from" type="email" autoComplete="off" hint="The address buyers see and reply to." />
					</div>
					<button type="submit" className="button primary" disabled={busy}>
						{saved ? 'Save email' : 'Connect email'}
					</button>
				</Form>
			)}
			{email.source !== 'none' ? (
				<>
					<IntentButton intent="email-test" label="Send a test email" hint={`To you, ${ownerEmail}, at once.`} busy={busy} />
					{saved ? <IntentButton intent="email-remove" label="Disconnect email" busy={busy} small /> : null}
				</>
			) : null}
		</section>
	)
}

function PublicUrlSection({ publicUrl, answer, busy }: { publicUrl: ConnectionsView['publicUrl'] } & Answers) {
	const refusal = answer && !answer.ok && answer.intent === 'public-url-save' ? answer : null
	const [form, fields] = useConsoleForm(publicUrlInput, { id: `public-url-${answer?.at ?? 'form'}`, answer: refusal, defaultValue: { publicUrl: publicUrl.source === 'none' ? '' : publicUrl.url } })
	return (
		<section className="settings-section" id="public-url" aria-labelledby="public-url-heading">
			<h2 id="public-url-heading">The shop’s address</h2>
			{publicUrl.source === 'none' ? (
				<Status source="none">
					links in emails and shared previews point at <code>{publicUrl.url}</code>, the server’s own address
				</Status>
			) : (
				<Status source={publicUrl.source}>
					<code>{publicUrl.url}</code>
				</Status>
			)}
			<SectionAnswer answer={answer} prefix="public-url-" />
			{publicUrl.source === 'environment' ? (
				<p className="field-hint">PUBLIC_URL is set in the server’s environment, so it wins over this page: change it there.</p>
			) : (
				<Form key={`public-url-${answer?.ok ? answer.at : ''}`} method="post" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="public-url-save" />
					<TextField field={fields.publicUrl} label="Address" type="text" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://yourshop.pk" hint="As buyers type it, with https and no path." />
					<button type="submit" className="button primary" disabled={busy}>
						Save the address
					</button>
				</Form>
			)}
			<IntentButton intent="public-url-test" label="Test the address" hint="Asks the shop at this address whether it answers." busy={busy} />
		</section>
	)
}
