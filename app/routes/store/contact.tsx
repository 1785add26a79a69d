import { Form, data, useActionData, useNavigation } from 'react-router'
import { useFill } from '~/components/content/fill'
import { contactIntro } from '~/content/site'
import { contactIntro as contactIntroUr } from '~/content/ur/site'
import { contentMeta } from '~/components/content/content-meta'
import { contentMessages } from '~/domain/pages/content-messages.server'
import { langOf } from '~/i18n/lang'
import { refusalWords } from '~/i18n/messages.server'
import { useT } from '~/i18n/use-t'
import { db } from '~/db/client.server'
import { sendContactMessage } from '~/domain/contact/send-contact-message.server'
import { useRootData } from '~/components/layout/root-data'
import { ContactLinks } from '~/components/layout/contact-links'
import { AppError } from '~/utils/app-error'
import { env } from '~/utils/env.server'
import { ErrorAlert } from '~/components/ui/error-alert'
import { readPageForm } from '~/http/http.server'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = ({ matches }) => contentMeta(matches, 'content.contact.title', 'content.contact.description')

export function loader({ request }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	return { intro: lang === 'ur' ? contactIntroUr : contactIntro, messages: contentMessages(lang, 'contact') }
}

export async function action({ request, context }: Route.ActionArgs) {
	const lang = langOf(new URL(request.url).pathname)
	const form = await readPageForm(request, { lang })
	try {
		await sendContactMessage(db(), form, { clientIp: context.clientIp, limitPerHour: env().CONTACT_RATE_LIMIT, lang })
		return { ok: true as const }
	} catch (error) {
		if (error instanceof AppError) {
			// The rules' words, in the page's language.
			const { message, fieldErrors = {} } = refusalWords(lang, error)
			return data({ ok: false as const, error: message, fieldErrors, values: form }, { status: error.status })
		}
		throw error
	}
}

export default function Contact({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const result = useActionData<typeof action>()
	const navigation = useNavigation()
	const root = useRootData()
	const fill = useFill()
	const sending = navigation.state === 'submitting'
	const failed = result && !result.ok ? result : null
	const errorOf = (field: string) => failed?.fieldErrors[field]

	return (
		<div className="container page narrow">
			<h1>{t('content.contact.title')}</h1>
			<p>{fill(loaderData.intro)}</p>
			{root ? <ContactLinks contacts={root.config.contacts} /> : null}
			{result?.ok ? (
				<p className="success-box" role="status">
					{t('content.contact.sent')}
				</p>
			) : (
				<Form method="post" className="contact-form" noValidate>
					<ErrorAlert message={failed?.error} id="form-error" />
					<Field name="name" label={t('content.contact.name')} autoComplete="name" error={errorOf('name')} defaultValue={failed?.values.name} />
					<Field name="email" label={t('content.contact.email')} type="email" autoComplete="email" error={errorOf('email')} defaultValue={failed?.values.email} />
					<Field name="subject" label={t('content.contact.subject')} error={errorOf('subject')} defaultValue={failed?.values.subject} />
					<div className="field">
						<label htmlFor="message">{t('content.contact.message')}</label>
						<textarea id="message" name="message" rows={5} required maxLength={3000} defaultValue={failed?.values.message} aria-invalid={errorOf('message') ? true : undefined} aria-describedby={errorOf('message') ? 'message-error' : undefined} />
						{errorOf('message') ? (
							<p className="field-error" id="message-error">
								{errorOf('message')}
							</p>
						) : null}
					</div>
					<button type="submit" className="button primary" disabled={sending}>
						{sending ? t('content.contact.sending') : t('content.contact.send')}
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
			<input id={name} name={name} type={type} dir={type === 'email' ? 'ltr' : undefined} autoComplete={autoComplete} required={name !== 'subject'} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined} />
			{error ? (
				<p className="field-error" id={`${name}-error`}>
					{error}
				</p>
			) : null}
		</div>
	)
}
