import { Form, Link, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { confirmTransfer, listTransferQueue, rejectTransfer } from '~/domain/payments/review-transfer.server'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import { requireStaff } from '~/http/staff-auth.server'
import { notUnderstood, staffActionResult } from '~/http/refusal.server'
import { readPageForm } from '~/http/http.server'
import type { Route } from './+types/payments'
import type { ReactNode } from 'react'
import { confirmTransferInput, rejectTransferInput } from '~/domain/payments/staff-note'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { getFormProps, getInputProps } from '@conform-to/react'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Transfers', description: 'Manual transfers waiting for confirmation.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return { queue: await listTransferQueue(db()) }
}

const reviewInput = z.object({
	intent: z.enum(['confirm', 'reject']),
	orderNumber: z.string().trim().min(1).max(100),
	note: z.string().default(''),
})

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request)
	const parsed = reviewInput.safeParse(await readPageForm(request))
	if (!parsed.success) return notUnderstood()
	const { intent, orderNumber, note } = parsed.data
	const actor = staffActor(staff)
	// A refused note comes back beside the note of that transfer's form, as it was typed.
	return staffActionResult(async () => {
		if (intent === 'confirm') {
			const { changed } = await confirmTransfer(db(), actor, orderNumber, note)
			return changed ? `Order ${orderNumber} is paid. The buyer has been emailed.` : `Order ${orderNumber} was already confirmed.`
		}
		await rejectTransfer(db(), actor, orderNumber, note)
		return `Order ${orderNumber} was rejected. The buyer sees your reason on their order page.`
	}, { intent, orderNumber, values: { note } })
}

export default function Payments({ loaderData }: Route.ComponentProps) {
	const { queue } = loaderData
	const result = useActionData<typeof action>()
	const navigation = useNavigation()
	const busyOrder = navigation.state === 'submitting' ? navigation.formData?.get('orderNumber') : null
	return (
		<div className="staff-transfers">
			<h1>Transfers</h1>
			<p className="muted">Bank and wallet transfers with an uploaded receipt. Check the money has arrived before you confirm.</p>
			<p>
				<Link to="/admin/transfers/statements">Import a statement</Link> to confirm the transfers whose amount and transaction ID it shows.
			</p>
			<ActionResult result={result && !refusedBeside(result) ? result : undefined} />
			{queue.length === 0 ? <p className="empty-state">No transfers waiting.</p> : null}
			<ul className="transfer-list">
				{queue.map((t) => {
					const busy = busyOrder === t.orderNumber
					const id = t.orderNumber.replace(/[^\w-]/g, '')
					return (
						<li key={t.orderNumber} className="transfer">
							<article aria-labelledby={`transfer-${id}`}>
								<a className="transfer-receipt" href={`/admin/receipts/${encodeURIComponent(t.orderNumber)}`} target="_blank" rel="noreferrer">
									<img src={`/admin/receipts/${encodeURIComponent(t.orderNumber)}`} alt={`Transfer receipt for order ${t.orderNumber}`} loading="lazy" />
								</a>
								<div className="transfer-info">
									<h2 id={`transfer-${id}`}>
										<Link to={`/admin/orders/${encodeURIComponent(t.orderNumber)}`}>{t.orderNumber}</Link>
									</h2>
									<p className="transfer-amount">{formatRs(t.totalAmount)}</p>
									<dl className="transfer-facts">
										<div>
											<dt>Buyer</dt>
											<dd>{t.customerName || 'No name'}</dd>
										</div>
										<div>
											<dt>Email</dt>
											<dd>{t.customerEmail || '—'}</dd>
										</div>
										<div>
											<dt>Phone</dt>
											<dd>{t.customerPhone || '—'}</dd>
										</div>
										<div>
											<dt>Items</dt>
											<dd>{t.items.map((i) => `${i.name}${i.selectedDuration ? ` (${i.selectedDuration.label})` : ''}${i.selectedDenomination ? ` (${i.selectedDenomination.label})` : ''} × ${i.quantity}`).join(', ')}</dd>
										</div>
										<div>
											<dt>Transaction ID</dt>
											<dd className="transfer-tid">{t.transferTid ?? 'Not given (uploaded before TIDs were asked)'}</dd>
										</div>
										<div>
											<dt>Paid from</dt>
											<dd>{t.transferPayer ?? '—'}</dd>
										</div>
										<div>
											<dt>Receipt uploaded</dt>
											<dd>
												<AdminTime date={t.receiptUploadedAt} />
											</dd>
										</div>
									</dl>
									{t.sameReceiptAs.length > 0 ? (
										<p className="warning-box transfer-duplicate" role="note">
											Duplicate receipt: the same image was also uploaded for order {t.sameReceiptAs.join(', ')}.
										</p>
									) : null}
								</div>
								<div className="transfer-actions">
									<NoteForm schema={confirmTransferInput} intent="confirm" orderNumber={t.orderNumber} id={id} answer={result} label="Confirmation note" placeholder="e.g. Seen in the bank statement">
										<button type="submit" className="button primary small" disabled={busy}>
											Confirm
										</button>
									</NoteForm>
									<NoteForm schema={rejectTransferInput} intent="reject" orderNumber={t.orderNumber} id={id} answer={result} label="Reason for rejection" placeholder="Shown to the buyer">
										<button type="submit" className="button ghost small danger" disabled={busy}>
											Reject
										</button>
									</NoteForm>
								</div>
							</article>
						</li>
					)
				})}
			</ul>
		</div>
	)
}

type Answer = { ok: boolean; message: string; intent?: string; orderNumber?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }

/** A refusal of one transfer's note, shown beside that note rather than above the list. */
const refusedBeside = (answer: Answer) => !answer.ok && Boolean(answer.orderNumber && answer.fieldErrors?.note)

/** Confirm or reject one transfer: the note checked with the server's schema before it is sent, the server's refusal beside it. */
function NoteForm({ schema, intent, orderNumber, id, answer, label, placeholder, children }: { schema: typeof confirmTransferInput; intent: string; orderNumber: string; id: string; answer: Answer | undefined; label: string; placeholder: string; children: ReactNode }) {
	const mine = answer && !answer.ok && answer.intent === intent && answer.orderNumber === orderNumber ? answer : null
	const [form, fields] = useConsoleForm(schema, { id: `${intent}-${id}`, answer: mine })
	return (
		<Form method="post" className="transfer-form" {...getFormProps(form)}>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="orderNumber" value={orderNumber} />
			<div className="field">
				<label htmlFor={fields.note.id}>{label}</label>
				<input {...getInputProps(fields.note, { type: 'text' })} placeholder={placeholder} autoComplete="off" />
				<FieldError field={fields.note} />
			</div>
			{children}
		</Form>
	)
}
