import { data, useActionData, useNavigation } from 'react-router'
import { ConnectionsForms, type ConnectionAnswer } from '~/components/admin/connections-forms'
import { db } from '~/db/client.server'
import { readConnections, removeEmail, removePayPro, savePayPro, saveEmail, savePublicUrl, testEmail, testPayPro, testPublicUrl } from '~/domain/settings/connections.server'
import { staffActor } from '~/domain/staff/audit.server'
import { readPageForm } from '~/http/http.server'
import { refuseWith } from '~/http/refusal.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/connections'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Connections', description: 'PayPro, email and the shop’s address: set and tested here.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	const me = await requireStaff(request, { permission: 'owner' })
	// The owner sees the callback password whole: it is pasted into PayPro's panel.
	return { connections: await readConnections(db(), { wholeCallbackPassword: true }), ownerEmail: me.email }
}

const SAVED: Record<string, string> = {
	'paypro-save': 'Saved the PayPro account. Online payments go to it now, on every server. Press Test to check PayPro takes it.',
	'paypro-remove': 'PayPro is disconnected: online payments go to the built-in simulator again.',
	'email-save': 'Saved how emails are sent. Every email from now on goes out this way. Press Test to send yourself one.',
	'email-remove': 'Email is disconnected: emails are kept in the outbox and the log, never sent.',
	'public-url-save': 'Saved the shop’s address. Links in emails, the sitemap and shared previews use it now.',
}

export async function action({ request }: Route.ActionArgs) {
	const me = await requireStaff(request, { permission: 'owner' })
	const actor = staffActor(me)
	const form = await readPageForm(request, { limit: 16 * 1024 })
	const intent = form.intent ?? ''
	try {
		switch (intent) {
			case 'paypro-save':
				await savePayPro(db(), actor, form)
				break
			case 'paypro-remove':
				await removePayPro(db(), actor)
				break
			case 'email-save':
				await saveEmail(db(), actor, form)
				break
			case 'email-remove':
				await removeEmail(db(), actor)
				break
			case 'public-url-save':
				await savePublicUrl(db(), actor, form)
				break
			case 'paypro-test':
			case 'email-test':
			case 'public-url-test': {
				const answer = intent === 'paypro-test' ? await testPayPro() : intent === 'email-test' ? await testEmail(db(), me.email) : await testPublicUrl()
				return data<ConnectionAnswer>({ ok: answer.ok, intent, message: answer.sentence, at: Date.now() })
			}
			default:
				throw new AppError('BAD_REQUEST', 'That is not an action this page knows.')
		}
		return data<ConnectionAnswer>({ ok: true, intent, message: SAVED[intent]!, at: Date.now() })
	} catch (error) {
		// What was typed comes back to the form, except the secrets: they never return to the browser.
		const { clientSecret: _secret, brevoKey: _key, smtpUrl: _smtp, ...values } = form
		if (error instanceof AppError) return refuseWith<ConnectionAnswer>(error, { intent, values, at: Date.now() })
		throw error
	}
}

export default function Connections({ loaderData }: Route.ComponentProps) {
	const answer = useActionData<typeof action>() ?? null
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="staff-settings connections-page">
			<h1>Connections</h1>
			<p className="muted">
				Where online payments go, how emails leave the shop, and the shop’s address. What you save here is used at once by every server of the shop; no restart. Secrets are stored encrypted
				and shown only by their last four characters.
			</p>
			<ConnectionsForms connections={loaderData.connections} ownerEmail={loaderData.ownerEmail} answer={answer} busy={busy} />
		</div>
	)
}
