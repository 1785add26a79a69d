import { Form, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { listContactMessages } from '~/domain/contact/list-contact-messages.server'
import { markMessageHandled } from '~/domain/contact/mark-message-handled.server'
import { pageMeta } from '~/utils/seo'
import { requireStaff } from '~/http/staff-auth.server'
import { notUnderstood, staffActionResult } from '~/http/refusal.server'
import { idSchema } from '~/utils/input'
import { readPageForm } from '~/http/http.server'
import type { Route } from './+types/inbox'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Inbox', description: 'Messages from the contact form.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return { messages: await listContactMessages(db()) }
}

const handledInput = z.object({ messageId: idSchema(), handled: z.enum(['true', 'false']).transform((v) => v === 'true') })

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request)
	const parsed = handledInput.safeParse(await readPageForm(request))
	if (!parsed.success) return notUnderstood()
	return staffActionResult(async () => {
		await markMessageHandled(db(), staffActor(staff), parsed.data)
		return parsed.data.handled ? 'Message marked as handled.' : 'Message reopened.'
	})
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
	const { messages } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const open = messages.filter((m) => !m.handled).length
	return (
		<div className="staff-inbox">
			<h1>Inbox</h1>
			<p className="muted">{messages.length === 0 ? 'No messages yet.' : `${open} open of ${messages.length} messages, newest first.`}</p>
			<ActionResult result={result} />
			<ul className="inbox-list">
				{messages.map((m) => (
					<li key={m.id} className={m.handled ? 'inbox-message handled' : 'inbox-message'}>
						<article aria-labelledby={`message-${m.id}`}>
							<header className="inbox-head">
								<h2 id={`message-${m.id}`}>{m.subject || 'No subject'}</h2>
								<span className="muted small">
									<AdminTime date={m.createdAt} />
								</span>
							</header>
							<p className="small">
								From {m.name} &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;
							</p>
							<p className="inbox-text">{m.message}</p>
							<Form method="post" className="inbox-actions">
								<input type="hidden" name="messageId" value={m.id} />
								<input type="hidden" name="handled" value={m.handled ? 'false' : 'true'} />
								{m.handled ? <span className="muted small">Handled</span> : null}
								<button type="submit" className="button ghost small" disabled={busy}>
									{m.handled ? 'Reopen' : 'Mark handled'}
								</button>
							</Form>
						</article>
					</li>
				))}
			</ul>
		</div>
	)
}
