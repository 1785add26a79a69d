import { Form, data, useActionData, useNavigation } from 'react-router'
import { useFill } from '~/components/content/fill'
import { contactIntro } from '~/content/site'
import { db } from '~/db/client.server'
import { sendContactMessage } from '~/domain/contact/send-contact-message.server'
import { useRootData } from '~/components/layout/root-data'
import { ContactLinks } from '~/components/layout/contact-links'
import { AppError } from '~/utils/app-error'
import { env } from '~/utils/env.server'
import { pageMeta } from '~/utils/seo'
import { ErrorAlert } from '~/components/ui/error-alert'
import { readPageForm } from '~/http/http.server'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Contact Us',
		description: 'Questions about an order or a product? Message us on WhatsApp, email us, or send a message here. We answer 24/7.',
	})

export async function action({ request, context }: Route.ActionArgs) {
	const form = await readPageForm(request)
	try {
		await sendContactMessage(db(), form, { clientIp: context.clientIp, limitPerHour: env().CONTACT_RATE_LIMIT })
		return { ok: true as const }
	} catch (error) {
		if (error instanceof AppError) {
			return data({ ok: false as const, error: error.message, fieldErrors: error.fieldErrors ?? {}, values: form }, { status: error.status })
		}
		throw error
	}
}

export default function Contact() {
	const result = useActionData<typeof action>()
	const navigation = useNavigation()
	const root = useRootData()
	const fill = useFill()
	const sending = navigation.state === 'submitting'
	const failed = result && !result.ok ? result : null
	const errorOf = (field: string) => failed?.fieldErrors[field]

	return (
		<div className="container page narrow">
			<h1>Contact Us</h1>
			<p>{fill(contactIntro)}</p>
			{root ? <ContactLinks contacts={root.config.contacts} /> : null}
			{result?.ok ? (
				<p className="success-box" role="status">
					Thank you! Your message has been sent. We usually reply within a few hours.
				</p>
			) : (
				<Form method="post" className="contact-form" noValidate>
					<ErrorAlert message={failed?.error} />
					<Field name="name" label="Name" autoComplete="name" error={errorOf('name')} defaultValue={failed?.values.name} />
					<Field name="email" label="Email" type="email" autoComplete="email" error={errorOf('email')} defaultValue={failed?.values.email} />
					<Field name="subject" label="Subject (optional)" error={errorOf('subject')} defaultValue={failed?.values.subject} />
					<div className="field">
						<label htmlFor="message">Message</label>
						<textarea id="message" name="message" rows={5} required maxLength={3000} defaultValue={failed?.values.message} aria-invalid={errorOf('message') ? true : undefined} aria-describedby={errorOf('message') ? 'message-error' : undefined} />
						{errorOf('message') ? (
							<p className="field-error" id="message-error">
								{errorOf('message')}
							</p>
						) : null}
					</div>
					<button type="submit" className="button primary" disabled={sending}>
						{sending ? 'Sending...' : 'Send Message'}
					</button>
				</Form>
			)}
		</div>
	)
}

function Field({ name, label, type = 'text', autoComplete, error, defaultValue }: { name: string; label: string; type?: string; autoComplete?: string; error?: string; defaultValue?: string }) {
	return (
		<div className="field">
			<label htmlFor={name}>{label}</label>
			<input id={name} name={name} type={type} autoComplete={autoComplete} required={name !== 'subject'} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined} />
			{error ? (
				<p className="field-error" id={`${name}-error`}>
					{error}
				</p>
			) : null}
		</div>
	)
}
