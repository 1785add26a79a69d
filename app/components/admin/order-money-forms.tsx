import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { useState } from 'react'
import { Form } from 'react-router'
import { AdminTime } from '~/components/admin/admin-time'
import { FieldError, FormRefusal, useConsoleForm } from '~/components/admin/console-form'
import { cancelForm, REFUND_METHOD_LABELS, REFUND_METHODS, refundForm, refundFormLines, type RefundFormLine } from '~/domain/refunds/refund-input'
import { lineRefundable, refundFigure } from '~/domain/refunds/refundable'
import type { RefundRecord } from '~/domain/refunds/list-refunds.server'
import { formatRs } from '~/utils/money'
import { reopenTransferInput } from '~/domain/payments/staff-note'

// The console order page's money forms (issue 23): cancel an unpaid order, refund a paid one (in full or
// per line), keep a payment that came after a cancel; and the refunds made. The route's action answers them.

type Answer = { ok: false; message: string; intent?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | null

/** Staff cancel an order not paid yet: the reason goes to the buyer. */
export function CancelOrderForm({ busy, answer }: { busy: boolean; answer: Answer }) {
	const [form, fields] = useConsoleForm(cancelForm, { id: 'cancel-order', answer })
	return (
		<Form method="post" className="money-form" {...getFormProps(form)} aria-labelledby="cancel-order-title">
			<input type="hidden" name="intent" value="cancel" />
			<h3 id="cancel-order-title">Cancel order</h3>
			<p className="muted small">The payment link stops working, the buyer is emailed and their open order page shows the reason. A PayPro payment that still arrives is kept for you to deliver or refund.</p>
			<div className="field">
				<label htmlFor={fields.reason.id}>Reason (the buyer reads it)</label>
				<textarea {...getTextareaProps(fields.reason)} rows={2} placeholder="e.g. This option is out of stock for now" />
				<FieldError field={fields.reason} />
			</div>
			<FormRefusal answer={answer} />
			<button type="submit" className="button danger small" disabled={busy}>
				{busy ? 'Cancelling…' : 'Cancel order'}
			</button>
		</Form>
	)
}

export interface RefundableLine {
	id: number
	name: string
	option: string | null
	quantity: number
	/** After its discount (the order's code split into lines). */
	lineTotal: number
	refundedQuantity: number
	/** The delivered units the order still holds on this line, masked, and whether its buyer has seen each (those can only be voided). */
	units: { assignmentId: number; masked: string; seen: boolean }[]
}

/** The units ticked, as the server reads the form: a count it cannot read counts as none until the server says why. */
function tickedIn(values: Record<string, string>): RefundFormLine[] {
	try {
		return refundFormLines(values)
	} catch {
		return []
	}
}
const formValues = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].filter((e): e is [string, string] => typeof e[1] === 'string'))

/** One line of the refund form: what it was sold for and refunded so far; its delivered units ticked one by one, the others counted. */
function RefundLineField({ line, values }: { line: RefundableLine; values: Record<string, string> | undefined }) {
	const money = lineRefundable(line)
	const title = `${line.name}${line.option ? ` (${line.option})` : ''}`
	const each = money.lowest === money.highest ? formatRs(money.lowest) : `${formatRs(money.lowest)}–${formatRs(money.highest)}`
	const held = line.units.length
	const seen = line.units.filter((u) => u.seen).length
	const counted = Math.max(0, money.open - held)
	return (
		<fieldset className="refund-line">
			<legend>{title}</legend>
			<p className="muted small">
				Sold for <strong>{formatRs(money.soldFor)}</strong> after discount ({line.quantity} × {each}); refunded so far: {line.refundedQuantity ? `${line.refundedQuantity} (${formatRs(money.refunded)})` : 'none'}; {money.open} left.
			</p>
			{held ? (
				<>
					<input type="hidden" name={`units-of-${line.id}`} value="1" />
					<p className="small refund-seen">
						{seen === 0 ? `${held} delivered, not seen by the buyer yet` : `${held} delivered, ${seen === held ? (held === 1 ? 'seen' : 'all seen') : `${seen} seen`} by the buyer: ${seen === 1 ? 'it' : 'those'} can only be voided`}
					</p>
					{line.units.map((u) => (
						<label className="inline-choice" key={u.assignmentId}>
							<input type="checkbox" name={`unit-${line.id}-${u.assignmentId}`} defaultChecked={values?.[`unit-${line.id}-${u.assignmentId}`] !== undefined} /> Delivered {u.masked}
							{u.seen ? ', seen by the buyer: void only' : ', not seen by the buyer'}
						</label>
					))}
				</>
			) : null}
			{counted ? (
				<div className="field">
					<label htmlFor={`refund-line-${line.id}`}>
						{title}: {held ? 'units not delivered yet' : 'units'} <span className="muted small">(up to {counted})</span>
					</label>
					<input id={`refund-line-${line.id}`} name={`line-${line.id}`} type="number" inputMode="numeric" min={0} max={counted} step={1} defaultValue={values?.[`line-${line.id}`] ?? ''} placeholder="0" />
				</div>
			) : null}
		</fieldset>
	)
}

/** Staff give money back: the units taken back ticked (the amount is what they were sold for, or less), how, a reference and a reason. */
export function RefundForm({ busy, answer, lines, left, paidAfterCancel }: { busy: boolean; answer: Answer; lines: RefundableLine[]; left: number; paidAfterCancel: boolean }) {
	const [form, fields] = useConsoleForm(refundForm, { id: 'refund', answer, defaultValue: { method: 'paypro', units: 'void', amount: paidAfterCancel ? String(left) : '' } })
	const [ticked, setTicked] = useState(() => tickedIn(answer?.values ?? {}))
	const open = lines.filter((l) => l.quantity > l.refundedQuantity)
	const figure = refundFigure(left, lines, ticked)
	const amount = getInputProps(fields.amount, { type: 'text' })
	return (
		<Form method="post" className="money-form refund-form" {...getFormProps(form)} onChange={(e) => setTicked(tickedIn(formValues(e.currentTarget)))} aria-labelledby="refund-title">
			<input type="hidden" name="intent" value="refund" />
			<h3 id="refund-title">Refund</h3>
			<p className="muted small">
				Left to refund: <strong>{formatRs(left)}</strong>. The buyer is emailed and sees it on their order page.
			</p>
			{open.length && !paidAfterCancel ? (
				<fieldset className="refund-lines">
					<legend>Units taken back</legend>
					{open.map((line) => (
						<RefundLineField key={line.id} line={line} values={answer?.values} />
					))}
					{answer?.fieldErrors?.lines ? <p className="field-error">{answer.fieldErrors.lines}</p> : null}
					<div className="field">
						<span className="field-label">Delivered units taken back</span>
						<label className="inline-choice">
							<input {...getInputProps(fields.units, { type: 'radio', value: 'void' })} id={`${fields.units.id}-void`} /> Void them
						</label>
						<label className="inline-choice">
							<input {...getInputProps(fields.units, { type: 'radio', value: 'return' })} id={`${fields.units.id}-return`} /> Return to stock (only units the buyer has not seen)
						</label>
						<FieldError field={fields.units} />
					</div>
				</fieldset>
			) : (
				<input type="hidden" name="units" value="void" />
			)}
			<p className="refund-figure" aria-live="polite" data-testid="refund-figure">
				{ticked.length ? (
					<>
						The units ticked were sold for <strong>{formatRs(figure)}</strong>
						{figure === left ? ' (all that is left)' : ''}: the most this refund gives back.
					</>
				) : (
					<>No units ticked: money alone, up to {formatRs(left)}; the units stay with the buyer.</>
				)}
			</p>
			<div className="money-form-row">
				<div className="field">
					<label htmlFor={fields.amount.id}>Amount (Rs.)</label>
					<input {...amount} inputMode="numeric" autoComplete="off" placeholder={ticked.length ? String(figure) : ''} aria-describedby={[amount['aria-describedby'], `${fields.amount.id}-hint`].filter(Boolean).join(' ')} />
					<FieldError field={fields.amount} />
				</div>
				<div className="field">
					<label htmlFor={fields.method.id}>Refunded by</label>
					<select {...getSelectProps(fields.method)}>
						{REFUND_METHODS.map((m) => (
							<option key={m} value={m}>
								{REFUND_METHOD_LABELS[m]}
							</option>
						))}
					</select>
					<FieldError field={fields.method} />
				</div>
			</div>
			<p className="muted small" id={`${fields.amount.id}-hint`}>
				Amount left empty: what the units ticked were sold for. Lower it to give back part of that; it cannot be more.
			</p>
			<div className="field">
				<label htmlFor={fields.reference.id}>Reference (optional)</label>
				<input {...getInputProps(fields.reference, { type: 'text' })} autoComplete="off" placeholder="Bank or wallet transaction id" />
				<FieldError field={fields.reference} />
			</div>
			<div className="field">
				<label htmlFor={fields.reason.id}>Reason (the buyer reads it)</label>
				<textarea {...getTextareaProps(fields.reason)} rows={2} placeholder="e.g. Code did not work and no replacement is in stock" />
				<FieldError field={fields.reason} />
			</div>
			<FormRefusal answer={answer} />
			<button type="submit" className="button primary small" disabled={busy}>
				{busy ? 'Refunding…' : 'Refund'}
			</button>
		</Form>
	)
}

/** A payment that came after the cancel: keep it (deliver) — or refund it with the form beside. */
/** Staff take back a rejected transfer (the money turned up after all): the receipt waits for review again. */
export function ReopenTransferForm({ busy, answer }: { busy: boolean; answer: Answer }) {
	const [form, fields] = useConsoleForm(reopenTransferInput, { id: 'reopen-transfer', answer })
	return (
		<Form method="post" className="money-form" {...getFormProps(form)} aria-labelledby="reopen-transfer-title">
			<input type="hidden" name="intent" value="reopen-transfer" />
			<h3 id="reopen-transfer-title">Reopen the rejected transfer</h3>
			<p className="muted small">The money turned up after all? Reopen it: the receipt goes back to Transfers for you to confirm, and the buyer’s page no longer says it was not accepted.</p>
			<div className="field">
				<label htmlFor={fields.note.id}>Why (for the audit log)</label>
				<textarea {...getTextareaProps(fields.note)} rows={2} placeholder="e.g. Found in the statement under another name" />
				<FieldError field={fields.note} />
			</div>
			<FormRefusal answer={answer} />
			<button type="submit" className="button primary small" disabled={busy}>
				{busy ? 'Reopening…' : 'Reopen'}
			</button>
		</Form>
	)
}

export function ReinstateForm({ busy }: { busy: boolean }) {
	return (
		<Form method="post" className="money-form">
			<input type="hidden" name="intent" value="reinstate" />
			<h3>Paid after cancel</h3>
			<p className="muted small">PayPro's payment arrived after the order was cancelled. Reinstate it to deliver as any paid order (from stock at once), or refund it below.</p>
			<button type="submit" className="button primary small" disabled={busy}>
				Reinstate and deliver
			</button>
		</Form>
	)
}

/** A refund as the console's order page lists it (the one record the CSV reads too). */
export type RefundRow = Omit<RefundRecord, 'orderId'>

/** The refunds made on the order, oldest first. */
export function RefundsList({ refunds }: { refunds: RefundRow[] }) {
	if (!refunds.length) return null
	return (
		<ul className="refund-list" aria-label="Refunds">
			{refunds.map((r) => (
				<li key={r.id}>
					<strong>{formatRs(r.amount)}</strong> by {REFUND_METHOD_LABELS[r.method as keyof typeof REFUND_METHOD_LABELS] ?? r.method}
					{r.reference ? `, ref. ${r.reference}` : ''} — <AdminTime date={r.createdAt} />, {r.actor}
					<br />
					<span className="muted small">
						{r.reason}
						{r.lines.length ? ` · ${r.lines.map((l) => `${l.quantity} × ${l.name}${l.returned ? ` (${l.returned} back in stock)` : ''}${l.voided ? ` (${l.voided} voided)` : ''}`).join(', ')}` : ''}
					</span>
				</li>
			))}
		</ul>
	)
}
