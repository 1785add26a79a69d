import { Form, useNavigation } from 'react-router'
import type { StaffOrder } from '~/domain/orders/staff-order-view.server'
import type { OrderStockUnit } from '~/domain/stock/order-stock.server'
import type { RevealSummary } from '~/domain/orders/unit-reveals.server'
import { getFormProps } from '@conform-to/react'
import { replaceUnitForm } from '~/domain/stock/stock-input'
import { AdminTime } from './admin-time'
import { useConsoleForm } from './console-form'
import { TextField } from './text-field'

type Refusal = { ok: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string>; assignmentId?: number }

const VIEW_NAMES: Record<RevealSummary['view'], string> = { 'order-page': 'on the order page', 'my-orders': 'on My orders', api: 'through the order API', staff: 'on the console' }

/** Whether a unit was revealed (ADR-050): when, where, by whom, from which client (hash prefixes), and how many times. */
export function RevealLine({ reveal, seen }: { reveal: { first: RevealSummary | null; count: number }; seen: boolean }) {
	const { first, count } = reveal
	if (!first) {
		return (
			<p className="small muted unit-reveal" data-testid="unit-reveal">
				{seen ? 'Seen by the buyer before reveals were recorded per unit.' : 'Not revealed yet: a refund may put it back in stock.'}
			</p>
		)
	}
	return (
		<p className="small unit-reveal" data-testid="unit-reveal">
			<strong>Revealed</strong> <AdminTime date={first.at} /> {VIEW_NAMES[first.view]} by {first.by}
			{first.address || first.device ? (
				<span className="muted">
					{' '}
					(address <code>{first.address ?? '—'}</code>, device <code>{first.device ?? '—'}</code>)
				</span>
			) : null}
			{count > 1 ? <span className="muted"> · {count} reveals recorded</span> : null}
		</p>
	)
}

/** Replace one unit, with the reason checked by the server's schema before it is sent. */
function ReplaceForm({ assignmentId, busy, answer }: { assignmentId: number; busy: boolean; answer: Refusal | null }) {
	const [form, fields] = useConsoleForm(replaceUnitForm, { id: `replace-${assignmentId}`, answer })
	return (
		<Form method="post" className="stock-replace-form" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="replace-unit" />
			<input type="hidden" name="assignmentId" value={assignmentId} />
			<TextField field={fields.reason} label="Why it is replaced" placeholder="e.g. buyer says the code was already redeemed" autoComplete="off" />
			<button type="submit" className="button ghost small" disabled={busy}>
				Replace with another unit
			</button>
			<p className="small muted">The buyer’s page shows the new unit at once; this one is voided and named only by its last characters.</p>
		</Form>
	)
}

/** The units an order got from stock (masked), Replace per unit, and what it is still owed with "Deliver from stock now". Works without scripts. */
export function StockUnits({
	orderNumber,
	items,
	units,
	owed,
	refusal,
	deliverRefusal,
}: {
	orderNumber: string
	items: StaffOrder['items']
	units: OrderStockUnit[]
	owed: number
	/** A refused Replace: shown beside the reason of the unit it names. */
	refusal?: Refusal | null
	/** Why "Deliver from stock now" was refused: shown under its button, which names it. */
	deliverRefusal?: string | null
}) {
	const busy = useNavigation().state === 'submitting'
	const lineName = (i: number) => {
		const line = items[i]
		if (!line) return 'Line'
		const option = [line.selectedDuration?.label ?? line.selectedDenomination?.label, line.selectedAccountType].filter(Boolean).join(', ')
		return option ? `${line.name} (${option})` : line.name
	}
	return (
		<section className="settings-section" aria-labelledby="order-stock">
			<h2 id="order-stock">From stock</h2>
			{owed > 0 ? (
				<div className="warning-box stock-owed">
					<p>
						<strong>
							Waiting for {owed} {owed === 1 ? 'unit' : 'units'}
						</strong>{' '}
						— the buyer sees “Partly delivered”. New stock for the option serves this order by itself; or serve it now once stock is in.
					</p>
					<Form method="post">
						<input type="hidden" name="intent" value="deliver-stock" />
						<button type="submit" className="button primary small" disabled={busy} aria-describedby={deliverRefusal ? 'deliver-stock-error' : undefined}>
							Deliver from stock now
						</button>
						{deliverRefusal ? (
							<p className="field-error" id="deliver-stock-error" role="alert">
								{deliverRefusal}
							</p>
						) : null}
					</Form>
				</div>
			) : null}
			{units.length === 0 ? (
				<p className="muted">Nothing delivered from stock yet.</p>
			) : (
				<ul className="stock-units">
					{units.map((u) => (
						<li key={u.assignmentId} className={u.replacedAt ? 'stock-unit replaced' : 'stock-unit'}>
							<div className="stock-unit-head">
								<span className="stock-unit-mask">{u.masked}</span>
								<span className="small muted">
									{lineName(u.lineIndex)} · {u.kind === 'account' ? `account, slot ${u.slot}` : 'code'} · unit {u.unitId}
								</span>
								<span className="small muted">
									Delivered <AdminTime date={u.assignedAt} />
									{u.replacedAt ? (
										<>
											{' '}
											· replaced <AdminTime date={u.replacedAt} /> by {u.replacedBy}
										</>
									) : null}
								</span>
							</div>
							{u.replacedAt ? null : <RevealLine reveal={u.reveal} seen={u.seenByBuyer} />}
							{u.replacedAt ? null : (
								<details className="stock-replace" open={refusal?.assignmentId === u.assignmentId || undefined}>
									<summary>Replace unit</summary>
									<ReplaceForm assignmentId={u.assignmentId} busy={busy} answer={refusal?.assignmentId === u.assignmentId ? refusal : null} />
								</details>
							)}
						</li>
					))}
				</ul>
			)}
			<p className="small muted">
				Order {orderNumber}: units are shown masked here; the buyer sees each in full on their order page once they tap its Reveal.
			</p>
		</section>
	)
}
