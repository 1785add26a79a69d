import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { getFormProps } from '@conform-to/react'
import { FULFILLMENT_STEPS } from '~/domain/orders/status'
import { fulfillmentForm } from '~/domain/fulfillment/fulfillment-input'
import { ErrorAlert } from '~/components/ui/error-alert'
import { FieldError, useConsoleForm } from './console-form'

/** Where the panel posts: the order's console page, whose action updates the fulfillment (also from the orders list). */
export const orderActionPath = (orderNumber: string) => `/admin/orders/${encodeURIComponent(orderNumber)}`

/** The update panel: fulfillment-status dropdown, codes or account details, Save ('Updating...') and Cancel. */
export function FulfillmentForm({
	orderNumber,
	fulfillmentStatus,
	deliveryContent,
	contentMasked = false,
	onSaved,
	onCancel,
}: {
	orderNumber: string
	fulfillmentStatus: string
	deliveryContent: string | null
	/** Content is saved but masked on this page (not revealed): the box is left out, so a save keeps it as it is. */
	contentMasked?: boolean
	/** Called with the saved sentence ('Order … updated: Delivered.'). */
	onSaved: (message: string) => void
	onCancel: () => void
}) {
	const id = useId()
	const known = FULFILLMENT_STEPS.some((s) => s.id === fulfillmentStatus)
	const [status, setStatus] = useState(known ? fulfillmentStatus : 'pending')
	// Delivery only moves forward (ADR-023): the steps before the saved one are shown but cannot be picked.
	const savedStep = FULFILLMENT_STEPS.findIndex((s) => s.id === (known ? fulfillmentStatus : 'pending'))
	const [content, setContent] = useState(deliveryContent ?? '')
	// Saved through the order page's action, staying on this page (a fetcher); the page's data reloads after it.
	const fetcher = useFetcher<{ ok: boolean; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }>()
	const busy = fetcher.state !== 'idle'
	const answered = fetcher.state === 'idle' ? fetcher.data : undefined
	// Checked with the action's schema before it is sent; a refusal of one field is shown beside it.
	const [form, fields] = useConsoleForm(fulfillmentForm, { id: `fulfillment-${id}`, answer: answered })
	const error = answered && !answered.ok && !Object.keys(answered.fieldErrors ?? {}).length ? answered.message : null
	const statusField = fields.fulfillment_status
	const contentField = fields.delivery_content
	const reported = useRef<unknown>(null)
	useEffect(() => {
		if (answered?.ok && reported.current !== answered) {
			reported.current = answered
			onSaved(answered.message)
		}
	}, [answered, onSaved])

	return (
		<fetcher.Form method="post" action={orderActionPath(orderNumber)} className="fulfillment-form" aria-label={`Update order ${orderNumber}`} {...getFormProps(form)}>
			<input type="hidden" name="intent" value="fulfillment" />
			<div className="field">
				<label htmlFor={statusField.id}>Fulfillment status</label>
				<select
					id={statusField.id}
					name={statusField.name}
					required={statusField.required}
					value={status}
					onChange={(e) => setStatus(e.target.value)}
					disabled={busy}
					aria-invalid={statusField.errors ? true : undefined}
					aria-describedby={statusField.errors ? statusField.errorId : undefined}
				>
					{FULFILLMENT_STEPS.map((s, i) => (
						<option key={s.id} value={s.id} disabled={i < savedStep}>
							{s.title}
						</option>
					))}
				</select>
				<FieldError field={statusField} />
			</div>
			{contentMasked ? (
				<p className="muted small">Codes or account details are saved and masked. Reveal them on the order’s page to change them; saving the status keeps them as they are.</p>
			) : (
			<div className="field">
				<label htmlFor={contentField.id}>Game codes or account details</label>
				<textarea
					id={contentField.id}
					name={contentField.name}
					maxLength={contentField.maxLength}
					rows={5}
					value={content}
					onChange={(e) => setContent(e.target.value)}
					disabled={busy}
					spellCheck={false}
					autoComplete="off"
					aria-invalid={contentField.errors ? true : undefined}
					aria-describedby={contentField.errors ? `${contentField.errorId} ${id}-hint` : `${id}-hint`}
				/>
				<FieldError field={contentField} />
				<p id={`${id}-hint`} className="muted small">
					The buyer sees this on their order page once the order is Completed. JSON is kept as structured data; leave empty for none.
				</p>
			</div>
			)}
			<ErrorAlert message={error} />
			<div className="fulfillment-actions">
				<button type="submit" className="button primary small" disabled={busy}>
					{busy ? 'Updating...' : 'Save'}
				</button>
				<button type="button" className="button ghost small" onClick={onCancel} disabled={busy}>
					Cancel
				</button>
			</div>
		</fetcher.Form>
	)
}
