import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from 'react-router'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { TextField } from '~/components/admin/text-field'
import { Notice } from '~/components/admin/action-result'
import { ErrorAlert } from '~/components/ui/error-alert'
import { whatsappSettingsInput, whatsappTestInput } from '~/domain/whatsapp/whatsapp-settings'
import type { WhatsAppStatus } from '~/domain/whatsapp/whatsapp-settings.server'

type Answer = { ok: boolean; message: string; intent?: string; fieldErrors?: Record<string, string>; values?: Record<string, string>; at?: number }

export const WHATSAPP_INTENTS = ['whatsapp-save', 'whatsapp-test', 'whatsapp-remove'] as const

/**
 * The owner's WhatsApp Business connection (store details page, ADR-035): the access token (write-only:
 * never drawn back into the page, shown by its last four characters), the phone number id, the
 * approved template and its languages; a test message; Disconnect. Each its own form, without scripts too.
 */
export function WhatsAppSettingsForm({ status, answer, busy }: { status: WhatsAppStatus | null; answer: Answer | null; busy: boolean }) {
	const refusal = answer && !answer.ok ? answer : null
	// Drawn afresh after each answer: a token typed in never stays in the page.
	const [form, fields] = useConsoleForm(whatsappSettingsInput, {
		id: `whatsapp-${answer?.at ?? 'form'}`,
		answer: refusal?.intent === 'whatsapp-save' ? refusal : null,
		defaultValue: { token: '', phoneNumberId: status?.phoneNumberId ?? '', templateName: status?.templateName ?? '', languageEn: status?.languageEn ?? 'en', languageUr: status?.languageUr ?? 'ur' },
	})
	const [testForm, testFields] = useConsoleForm(whatsappTestInput, { id: `whatsapp-test-${answer?.at ?? 'form'}`, answer: refusal?.intent === 'whatsapp-test' ? refusal : null })
	const hasFieldErrors = Object.keys(refusal?.fieldErrors ?? {}).length > 0
	return (
		<section className="settings-section whatsapp-settings" aria-labelledby="whatsapp-heading" id="whatsapp-updates">
			<h2 id="whatsapp-heading">WhatsApp updates</h2>
			<p className="muted small">
				With the WhatsApp Business Cloud API connected, the checkout offers “Send updates on WhatsApp”. Buyers who tick it get a message from your template when their order is paid,
				delivered, replaced, refunded or cancelled, or when a transfer is rejected: the order number, what happened, and the link to the order page. Never a code.
			</p>
			{status ? (
				<p>
					<strong>Connected</strong>: phone number id <code>{status.phoneNumberId}</code>, template <code>{status.templateName}</code> ({status.languageEn} / {status.languageUr}), access token saved, ends{' '}
					<code className="nowrap">…{status.tokenEnd}</code>.
				</p>
			) : (
				<p>
					<strong>Not connected.</strong> The checkout does not offer WhatsApp updates.
				</p>
			)}
			<Notice message={answer?.ok ? answer.message : null} />
			<ErrorAlert message={refusal && !hasFieldErrors ? refusal.message : null} />
			{/* Keyed by the answer and what is saved: its boxes are drawn anew, with what is saved now and never a token. */}
			<Form key={`${answer?.at ?? 'form'}-${status?.phoneNumberId ?? ''}-${status?.templateName ?? ''}`} method="post" className="whatsapp-form" autoComplete="off" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="whatsapp-save" />
				<div className="field-grid">
					<div className="field wide">
						<label htmlFor={fields.token.id}>{status ? 'Replace the access token' : 'Access token'}</label>
						<input {...getInputProps(fields.token, { type: 'password', ariaDescribedBy: `${fields.token.id}-hint` })} required={!status} autoComplete="off" spellCheck={false} />
						<FieldError field={fields.token} />
						<p className="field-hint" id={`${fields.token.id}-hint`}>
							{status ? 'Leave it empty to keep the saved token. ' : ''}A permanent token of a system user with the whatsapp_business_messaging permission. It is stored encrypted and never shown again.
						</p>
					</div>
					<TextField field={fields.phoneNumberId} label="Phone number id" inputMode="numeric" autoComplete="off" hint="Digits, from WhatsApp Manager or the app’s API Setup page: not the phone number itself." />
					<TextField field={fields.templateName} label="Template name" autoComplete="off" spellCheck={false} placeholder="order_update" hint={<>An approved template whose body has three values: {'{{1}}'} the order number, {'{{2}}'} what happened, {'{{3}}'} the order page’s link.</>} />
					<TextField field={fields.languageEn} label="Template language for English orders" autoComplete="off" spellCheck={false} placeholder="en" />
					<TextField field={fields.languageUr} label="Template language for Urdu orders" autoComplete="off" spellCheck={false} placeholder="ur" />
				</div>
				<button type="submit" className="button primary" disabled={busy}>
					{status ? 'Save WhatsApp settings' : 'Connect WhatsApp'}
				</button>
			</Form>
			{status ? (
				<>
					<Form method="post" className="settings-form" {...getFormProps(testForm)}>
						<h3>Send a test message</h3>
						<input type="hidden" name="intent" value="whatsapp-test" />
						<TextField field={testFields.testPhone} label="To this number" type="tel" inputMode="tel" autoComplete="off" placeholder="0300 1234567" dir="ltr" hint="Your template in English, with TEST as the order number. WhatsApp’s answer shows here." />
						<button type="submit" className="button ghost" disabled={busy}>
							Send a test message
						</button>
					</Form>
					<Form method="post" className="settings-form">
						<h3>Disconnect</h3>
						<input type="hidden" name="intent" value="whatsapp-remove" />
						<p className="field-hint">The checkout stops offering WhatsApp updates, and messages not yet sent are not sent.</p>
						<button type="submit" className="button ghost" disabled={busy}>
							Disconnect WhatsApp
						</button>
					</Form>
				</>
			) : null}
		</section>
	)
}
