import { useId, useState, type FormEvent } from 'react'
import { FULFILLMENT_STEPS } from '~/domain/orders/status'
import { ErrorAlert } from '~/components/ui/error-alert'

export interface SavedOrder {
	order_number: string
	fulfillment_status: string
	delivery_content: unknown
}

type SaveResult = { ok: true; order: SavedOrder } | { ok: false; message: string }

/** §7 call 10 from the browser, with §8's messages: the body's message or error, else 'Server error: {status}'. */
export async function saveFulfillment(orderNumber: string, updates: { fulfillment_status: string; delivery_content: string }): Promise<SaveResult> {
	try {
		const res = await fetch('/api/admin-update-order', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify({ orderNumber, updates }),
		})
		const body = (await res.json().catch(() => null)) as { data?: SavedOrder; message?: string; error?: string } | null
		if (!res.ok) return { ok: false, message: body?.message || body?.error || `Server error: ${res.status}` }
		if (!body?.data) return { ok: false, message: 'Unexpected error occurred' }
		return { ok: true, order: body.data }
	} catch (error) {
		return { ok: false, message: error instanceof Error ? 'Failed to update fulfillment status' : 'An unknown error occurred' }
	}
}

/** The update panel: fulfillment-status dropdown, codes or account details, Save ('Updating...') and Cancel. */
export function FulfillmentForm({
	orderNumber,
	fulfillmentStatus,
	deliveryContent,
	onSaved,
	onCancel,
}: {
	orderNumber: string
	fulfillmentStatus: string
	deliveryContent: string | null
	onSaved: (order: SavedOrder) => void
	onCancel: () => void
}) {
	const id = useId()
	const known = FULFILLMENT_STEPS.some((s) => s.id === fulfillmentStatus)
	const [status, setStatus] = useState(known ? fulfillmentStatus : 'pending')
	const [content, setContent] = useState(deliveryContent ?? '')
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)

	async function submit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (busy) return
		setBusy(true)
		setError(null)
		const result = await saveFulfillment(orderNumber, { fulfillment_status: status, delivery_content: content })
		setBusy(false)
		if (result.ok) onSaved(result.order)
		else setError(result.message)
	}

	return (
		<form className="fulfillment-form" onSubmit={submit} aria-label={`Update order ${orderNumber}`}>
			<div className="field">
				<label htmlFor={`${id}-status`}>Fulfillment status</label>
				<select id={`${id}-status`} name="fulfillment_status" value={status} onChange={(e) => setStatus(e.target.value)} disabled={busy}>
					{FULFILLMENT_STEPS.map((s) => (
						<option key={s.id} value={s.id}>
							{s.title}
						</option>
					))}
				</select>
			</div>
			<div className="field">
				<label htmlFor={`${id}-content`}>Game codes or account details</label>
				<textarea
					id={`${id}-content`}
					name="delivery_content"
					rows={5}
					value={content}
					onChange={(e) => setContent(e.target.value)}
					disabled={busy}
					spellCheck={false}
					autoComplete="off"
					aria-describedby={`${id}-hint`}
				/>
				<p id={`${id}-hint`} className="muted small">
					The buyer sees this on their order page once the order is Completed. JSON is kept as structured data; leave empty for none.
				</p>
			</div>
			<ErrorAlert message={error} />
			<div className="fulfillment-actions">
				<button type="submit" className="button primary small" disabled={busy}>
					{busy ? 'Updating...' : 'Save'}
				</button>
				<button type="button" className="button ghost small" onClick={onCancel} disabled={busy}>
					Cancel
				</button>
			</div>
		</form>
	)
}
