import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form, data, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { FieldError, FormRefusal, useConsoleForm } from '~/components/admin/console-form'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { CONTACT_REPLY_MAX, contactReplyFields } from '~/domain/contact/contact-reply'
import { listContactMessages } from '~/domain/contact/list-contact-messages.server'
import { markMessageHandled } from '~/domain/contact/mark-message-handled.server'
import { replyToMessage } from '~/domain/contact/reply-to-message.server'
import { pageMeta } from '~/utils/seo'
import { requireStaff } from '~/http/staff-auth.server'
import type { Outcome } from '~/http/outcome'
import { notUnderstood, refuseWith, staffActionResult } from '~/http/refusal.server'
import { AppError } from '~/utils/app-error'
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
	const form = await readPageForm(request)
	if (form.intent === 'reply') {
		try {
			const { to } = await replyToMessage(db(), staffActor(staff), form)
			return data<Outcome>({ ok: true, intent: 'reply', message: `Your reply is on its way to ${to}. The message is marked handled.`, at: Date.now() })
		} catch (error) {
			if (error instanceof AppError) return refuseWith<Outcome>(error, { intent: 'reply', values: form })
			throw error
		}
	}
	const parsed = handledInput.safeParse(form)
	if (!parsed.success) return notUnderstood()
	return staffActionResult(async () => {
		await markMessageHandled(db(), staffActor(staff), parsed.data)
		return parsed.data.handled ? 'Message marked as handled.' : 'Message reopened.'
	})
}

type Answer = { ok: false; message: string; intent?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }

export default function Inbox({ loaderData }: Route.ComponentProps) {
	const { messages } = loaderData
	const result: Outcome | undefined = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const open = messages.filter((m) => !m.handled).length
	const replyRefusal = result && !result.ok && result.intent === 'reply' ? result : null
	return (
		<div className="staff-inbox">
			<h1>Inbox</h1>
			<p className="muted">{messages.length === 0 ? 'No messages yet.' : `${open} open of ${messages.length} messages, newest first.`}</p>
			{/* A refused reply is said beside its own box. */}
			<ActionResult result={replyRefusal && messages.some((m) => String(m.id) === replyRefusal.values?.messageId) ? undefined : result} />
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
							{m.replies.length ? (
								<ol className="inbox-replies" aria-label={`Replies to ${m.name}`}>
									{m.replies.map((r) => (
										<li key={r.id} className="inbox-reply">
											<p className="muted small">
												Replied by {r.repliedBy}, <AdminTime date={r.createdAt} />
											</p>
											<p className="inbox-text">{r.body}</p>
										</li>
									))}
								</ol>
							) : null}
							<ReplyForm
								message={m}
								busy={busy}
								answer={replyRefusal?.values?.messageId === String(m.id) ? replyRefusal : null}
								sentAt={result?.ok && result.intent === 'reply' ? result.at : undefined}
							/>
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

/** Reply by email: plain text, checked by the same schema the server reads it with; refused beside the box. */
function ReplyForm({ message, busy, answer, sentAt }: { message: { id: number; name: string; email: string }; busy: boolean; answer: Answer | null; sentAt?: number }) {
	const [form, fields] = useConsoleForm(contactReplyFields, { id: `reply-${message.id}-${sentAt ?? 0}`, answer })
	return (
		<details className="inbox-reply-form" open={answer ? true : undefined}>
			<summary className="button ghost small">Reply</summary>
			<Form method="post" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="reply" />
				<input type="hidden" name="messageId" value={message.id} />
				<div className="field">
					<label htmlFor={fields.body.id}>
						Your reply to {message.name}, by email to {message.email}
					</label>
					<textarea {...getTextareaProps(fields.body)} rows={5} maxLength={CONTACT_REPLY_MAX} />
					<FieldError field={fields.body} />
				</div>
				<FormRefusal answer={answer} />
				<button type="submit" className="button primary small" disabled={busy}>
					Send reply
				</button>
			</Form>
		</details>
	)
}
