import { Link, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { ConsoleTable } from '~/components/admin/console-table'
import { RowAction } from '~/components/admin/row-action'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { listOutbox, outboxEmailPreview } from '~/domain/email/list-outbox.server'
import { retryEmail } from '~/domain/email/retry-email.server'
import { emailProvider } from '~/integrations/email/provider.server'
import { pageMeta } from '~/utils/seo'
import { requireStaff } from '~/http/staff-auth.server'
import { notUnderstood, staffActionResult } from '~/http/refusal.server'
import { idSchema } from '~/utils/input'
import { notFound, pageFailure, readPageForm } from '~/http/http.server'
import type { Route } from './+types/outbox'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Emails', description: 'Emails the shop sent, is sending, or failed to send.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const wanted = new URL(request.url).searchParams.get('preview')
	const previewId = wanted === null ? null : idSchema().safeParse(wanted)
	if (previewId && !previewId.success) throw pageFailure(notFound('That email preview does not exist.'))
	const preview = previewId ? await outboxEmailPreview(db(), previewId.data) : null
	if (previewId && !preview) throw pageFailure(notFound('That email preview does not exist.'))
	return { emails: await listOutbox(db()), preview, logOnly: emailProvider().name === 'log' }
}

const retryInput = z.object({ outboxId: idSchema() })

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request)
	const parsed = retryInput.safeParse(await readPageForm(request))
	if (!parsed.success) return notUnderstood()
	return staffActionResult(async () => {
		await retryEmail(db(), staffActor(staff), parsed.data.outboxId)
		return 'The email will be sent again in a moment.'
	})
}

const STATUS_LABEL = { pending: 'Pending', sent: 'Sent', failed: 'Failed', logged: 'Logged — not sent' } as const

export default function Outbox({ loaderData }: Route.ComponentProps) {
	const { emails, preview, logOnly } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const failed = emails.filter((e) => e.status === 'failed').length
	return (
		<div className="staff-outbox">
			<h1>Emails</h1>
			<p className="muted">{emails.length === 0 ? 'No emails yet.' : `${emails.length} emails, newest first; ${failed} failed.`}</p>
			{logOnly ? (
				<p className="warning-box" role="note">
					No email provider is connected: emails are kept here and in the server’s log, and buyers receive none. The owner connects Brevo or an SMTP server on{' '}
					<Link to="/admin/connections#email">Connections</Link>.
				</p>
			) : null}
			<ActionResult result={result} />
			{preview ? (
				<section className="card email-preview" aria-labelledby="email-preview-title">
					<h2 id="email-preview-title">{preview.subject}</h2>
					<p className="small muted">
						To {preview.toEmail}
						{preview.templateId ? ` · sent through Brevo template ${preview.templateId} when Brevo is the provider` : ''} · <Link to="/admin/outbox">Close preview</Link>
					</p>
					{preview.html ? (
						<iframe title={`HTML of ${preview.subject}`} sandbox="" srcDoc={preview.html} style={{ width: '100%', maxWidth: 640, height: 640, border: '1px solid var(--border)', borderRadius: 'var(--radius)', background: '#fff' }} />
					) : (
						<p className="muted">This email has no HTML part.</p>
					)}
					<h3>Text part</h3>
					<pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{preview.text}</pre>
				</section>
			) : null}
			{emails.length > 0 ? (
				<ConsoleTable
					rows={emails}
					rowKey={(e) => e.id}
					columns={[
						{
							header: 'To',
							cell: (e) => (
								<>
									{e.toName ? <div>{e.toName}</div> : null}
									<div className="small">{e.toEmail}</div>
								</>
							),
						},
						{ header: 'Subject', cell: (e) => e.subject },
						{
							header: 'Status',
							cell: (e) => (
								<>
									<span className={`status-pill status-${e.delivery}`}>{STATUS_LABEL[e.delivery]}</span>
									{e.delivery === 'logged' ? <div className="small muted">No email provider set</div> : null}
								</>
							),
						},
						{ header: 'Attempts', cell: (e) => e.attempts },
						{ header: 'Last error', className: 'error-text', cell: (e) => e.lastError ?? <span className="muted">—</span> },
						{ header: 'Created', cell: (e) => <AdminTime date={e.createdAt} /> },
						{ header: 'Sent', cell: (e) => <AdminTime date={e.delivery === 'logged' ? null : e.sentAt} /> },
						{
							header: 'Actions',
							srOnlyHeader: true,
							cell: (e) => (
								<>
									<Link className="button ghost small" to={`?preview=${e.id}`} aria-label={`Preview email to ${e.toEmail}: ${e.subject}`}>
										Preview
									</Link>
									{e.status === 'failed' ? <RowAction fields={{ outboxId: e.id }} label="Retry" ariaLabel={`Retry email to ${e.toEmail}: ${e.subject}`} busy={busy} /> : null}
								</>
							),
						},
					]}
				/>
			) : null}
		</div>
	)
}
