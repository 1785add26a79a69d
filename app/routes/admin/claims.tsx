import { Form, Link, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { db } from '~/db/client.server'
import { answerClaim, claimAnswerInput, listClaims, type QueuedClaim } from '~/domain/claims/claims.server'
import { REFUND_METHOD_LABELS, REFUND_METHODS } from '~/domain/refunds/refund-input'
import { staffActor } from '~/domain/staff/audit.server'
import { may } from '~/domain/staff/permissions'
import { readPageForm } from '~/http/http.server'
import { notUnderstood, staffActionResult } from '~/http/refusal.server'
import { requireStaff } from '~/http/staff-auth.server'
import { now } from '~/utils/clock'
import { idSchema } from '~/utils/input'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/claims'

// The claims queue (ADR-052): buyers' reports that a delivered unit does not work, oldest first, each
// with its screenshot and sentence, and its three answers. Store credit joins them once the shop has it.

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Claims', description: 'Delivered units buyers say do not work.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	const staff = await requireStaff(request)
	const status = new URL(request.url).searchParams.get('status') === 'answered' ? 'answered' : 'open'
	return { status, mayRefund: may(staff, 'refunds'), ...(await listClaims(db(), { status })), now: now().toISOString() }
}

const form = z.object({ claimId: idSchema('Claim not found.'), answer: z.string(), reason: z.string().default(''), method: z.string().default(''), reference: z.string().default('') })

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request)
	const parsed = form.safeParse(await readPageForm(request))
	if (!parsed.success) return notUnderstood()
	const { claimId, answer, reason, method, reference } = parsed.data
	const input = claimAnswerInput.safeParse({ answer, ...(reason.trim() ? { reason } : {}), ...(method ? { method } : {}), ...(reference.trim() ? { reference } : {}) })
	if (!input.success) return notUnderstood({ message: input.error.issues[0]?.message ?? 'Please check the answer.' })
	return staffActionResult(async () => {
		const done = await answerClaim(db(), staffActor(staff), claimId, input.data)
		if (done.answer === 'replace') return `Claim ${claimId} on order ${done.orderNumber}: replaced from stock. The buyer sees the new unit and has been told.`
		if (done.answer === 'refund') return `Claim ${claimId} on order ${done.orderNumber}: refunded. The buyer has been emailed.`
		return `Claim ${claimId} on order ${done.orderNumber}: refused. The buyer reads your reason on their order page.`
	})
}

/** "3 h", "2 d": how long a claim has waited. */
function age(from: string, now: string): string {
	const minutes = Math.max(0, Math.round((Date.parse(now) - Date.parse(from)) / 60_000))
	if (minutes < 60) return `${minutes} min`
	if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`
	return `${Math.round(minutes / 1440)} d`
}

export default function Claims({ loaderData }: Route.ComponentProps) {
	const { status, claims, open, mayRefund, now } = loaderData
	const result = useActionData<typeof action>()
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' ? navigation.formData?.get('claimId') : null
	return (
		<div className="staff-claims">
			<h1>Claims</h1>
			<p className="muted">Delivered codes and accounts buyers say do not work, oldest first. Look at the screenshot, then replace the unit from stock, refund it, or refuse with a reason the buyer reads.</p>
			<nav className="claims-tabs" aria-label="Claims">
				<Link to="/admin/claims" aria-current={status === 'open' ? 'page' : undefined}>
					Open ({open})
				</Link>{' '}
				·{' '}
				<Link to="/admin/claims?status=answered" aria-current={status === 'answered' ? 'page' : undefined}>
					Answered
				</Link>
			</nav>
			<ActionResult result={result} />
			{claims.length === 0 ? <p className="empty-state">{status === 'open' ? 'No open claims.' : 'No answered claims yet.'}</p> : null}
			<ul className="transfer-list claim-list">
				{claims.map((c) => (
					<li key={c.id} className="transfer claim">
						<article aria-labelledby={`claim-${c.id}`}>
							{c.screenshotUrl ? (
								<a className="transfer-receipt" href={c.screenshotUrl} target="_blank" rel="noreferrer">
									<img src={c.screenshotUrl} alt={`Screenshot sent with claim ${c.id}`} loading="lazy" />
								</a>
							) : null}
							<div className="transfer-info">
								<h2 id={`claim-${c.id}`}>
									<Link to={`/admin/orders/${encodeURIComponent(c.orderNumber)}`}>{c.orderNumber}</Link> <span className="muted">· claim {c.id}</span>
								</h2>
								<dl className="transfer-facts">
									<div>
										<dt>Product</dt>
										<dd>{c.product || '—'}</dd>
									</div>
									<div>
										<dt>Unit</dt>
										<dd>
											<bdi dir="ltr">{c.unit.masked ?? 'Typed by hand'}</bdi>
										</dd>
									</div>
									<div>
										<dt>Sent</dt>
										<dd>
											<AdminTime date={c.createdAt} /> ({age(c.createdAt, now)} ago)
										</dd>
									</div>
									<div>
										<dt>Buyer says</dt>
										<dd className="claim-text" dir="auto">
											{c.text}
										</dd>
									</div>
									{c.status === 'answered' ? (
										<div>
											<dt>Answer</dt>
											<dd>
												{answerWords(c)} by {c.answeredBy}
												{c.answeredAt ? (
													<>
														{' '}
														(<AdminTime date={c.answeredAt} />)
													</>
												) : null}
											</dd>
										</div>
									) : null}
								</dl>
								{c.waitingReason && c.status === 'open' ? (
									<p className="warning-box" role="note">
										{c.waitingReason}
									</p>
								) : null}
							</div>
							{c.status === 'open' ? <AnswerForms claim={c} mayRefund={mayRefund} busy={busy === String(c.id)} /> : null}
						</article>
					</li>
				))}
			</ul>
		</div>
	)
}

const answerWords = (c: QueuedClaim) =>
	c.answer === 'replace' ? (c.automatic ? 'Replaced automatically' : 'Replaced from stock') : c.answer === 'refund' ? 'Refunded' : `Refused: ${c.reason ?? ''}`

/** The three answers of an open claim, each its own plain form. */
function AnswerForms({ claim, mayRefund, busy }: { claim: QueuedClaim; mayRefund: boolean; busy: boolean }) {
	return (
		<div className="transfer-actions claim-actions">
			<Form method="post" className="transfer-form">
				<input type="hidden" name="claimId" value={claim.id} />
				<input type="hidden" name="answer" value="replace" />
				<button type="submit" className="button primary small" disabled={busy || claim.unit.assignmentId == null}>
					Replace from stock
				</button>
			</Form>
			{mayRefund ? (
				<Form method="post" className="transfer-form">
					<input type="hidden" name="claimId" value={claim.id} />
					<input type="hidden" name="answer" value="refund" />
					<div className="field">
						<label htmlFor={`refund-reason-${claim.id}`}>Refund reason (in the buyer’s email)</label>
						<input id={`refund-reason-${claim.id}`} name="reason" type="text" maxLength={500} autoComplete="off" />
					</div>
					<div className="field">
						<label htmlFor={`refund-method-${claim.id}`}>Money goes back by</label>
						<select id={`refund-method-${claim.id}`} name="method" defaultValue="bank">
							{REFUND_METHODS.map((m) => (
								<option key={m} value={m}>
									{REFUND_METHOD_LABELS[m]}
								</option>
							))}
						</select>
					</div>
					<button type="submit" className="button ghost small" disabled={busy}>
						Refund this unit
					</button>
				</Form>
			) : null}
			<Form method="post" className="transfer-form">
				<input type="hidden" name="claimId" value={claim.id} />
				<input type="hidden" name="answer" value="refuse" />
				<div className="field">
					<label htmlFor={`refuse-reason-${claim.id}`}>Reason for refusing (the buyer reads it)</label>
					<input id={`refuse-reason-${claim.id}`} name="reason" type="text" maxLength={500} autoComplete="off" />
				</div>
				<button type="submit" className="button ghost small danger" disabled={busy}>
					Refuse
				</button>
			</Form>
		</div>
	)
}
