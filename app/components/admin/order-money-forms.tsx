import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { Form } from 'react-router'
import { AdminTime } from '~/components/admin/admin-time'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { cancelForm, REFUND_METHOD_LABELS, REFUND_METHODS, refundForm } from '~/domain/refunds/refund-input'
import type { RefundRecord } from '~/domain/refunds/list-refunds.server'
import { formatRs } from '~/utils/money'

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
			{answer && !answer.fieldErrors ? (
				<p className="field-error" role="alert">
					{answer.message}
				</p>
			) : null}
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
	unitPrice: number
	refundedQuantity: number
	/** Units the order holds from stock on this line, and how many of them its buyer has seen (those can only be voided). */
	held: number
	seen: number
}

/** Staff give money back: an amount, how, a reference and a reason; units of some lines taken back. */
export function RefundForm({ busy, answer, lines, left, paidAfterCancel }: { busy: boolean; answer: Answer; lines: RefundableLine[]; left: number; paidAfterCancel: boolean }) {
	const [form, fields] = useConsoleForm(refundForm, { id: 'refund', answer, defaultValue: { method: 'paypro', units: 'void', amount: paidAfterCancel ? String(left) : '' } })
	const open = lines.filter((l) => l.quantity > l.refundedQuantity)
	return (
		<Form method="post" className="money-form refund-form" {...getFormProps(form)} aria-labelledby="refund-title">
			<input type="hidden" name="intent" value="refund" />
			<h3 id="refund-title">Refund</h3>
			<p className="muted small">
				Left to refund: <strong>{formatRs(left)}</strong>. The buyer is emailed and sees it on their order page.
			</p>
			{open.length && !paidAfterCancel ? (
				<fieldset className="refund-lines">
					<legend>Units taken back (optional)</legend>
					{open.map((line) => (
						<div className="field refund-line" key={line.id}>
							<label htmlFor={`refund-line-${line.id}`}>
								{line.name}
								{line.option ? ` (${line.option})` : ''} <span className="muted small">{formatRs(line.unitPrice)} each, {line.quantity - line.refundedQuantity} left</span>
								{line.held ? (
									<span className="small refund-seen">
										{' '}
										{line.seen === 0
											? `${line.held} delivered, not seen by the buyer yet`
											: `${line.held} delivered, ${line.seen === line.held ? (line.held === 1 ? 'seen' : 'all seen') : `${line.seen} seen`} by the buyer: ${line.seen === 1 ? 'it' : 'those'} can only be voided`}
									</span>
								) : null}
							</label>
							<input id={`refund-line-${line.id}`} name={`line-${line.id}`} type="number" inputMode="numeric" min={0} max={line.quantity - line.refundedQuantity} step={1} defaultValue={answer?.values?.[`line-${line.id}`] ?? ''} placeholder="0" />
						</div>
					))}
					{answer?.fieldErrors?.lines ? <p className="field-error">{answer.fieldErrors.lines}</p> : null}
					<div className="field">
						<span className="field-label">Delivered units taken back</span>
						<label className="inline-choice">
							<input {...getInputProps(fields.units, { type: 'radio', value: 'void' })} /> Void them
						</label>
						<label className="inline-choice">
							<input {...getInputProps(fields.units, { type: 'radio', value: 'return' })} /> Return to stock (only units the buyer has not seen)
						</label>
						<FieldError field={fields.units} />
					</div>
				</fieldset>
			) : (
				<input type="hidden" name="units" value="void" />
			)}
			<div className="money-form-row">
				<div className="field">
					<label htmlFor={fields.amount.id}>Amount (Rs.)</label>
					<input {...getInputProps(fields.amount, { type: 'text' })} inputMode="numeric" autoComplete="off" placeholder={String(left)} />
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
			{answer && !Object.keys(answer.fieldErrors ?? {}).length ? (
				<p className="field-error" role="alert">
					{answer.message}
				</p>
			) : null}
			<button type="submit" className="button primary small" disabled={busy}>
				{busy ? 'Refunding…' : 'Refund'}
			</button>
		</Form>
	)
}

/** A payment that came after the cancel: keep it (deliver) — or refund it with the form beside. */
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
