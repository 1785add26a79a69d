import { Form, Link, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { confirmOrderWithCredit, importStatementFrom, openCredits, statementMapping, type CreditView, type Proposal, type StatementResult } from '~/domain/payments/statement-import.server'
import { DATE_FORMATS, STATEMENT_MAX_LINES } from '~/domain/payments/statement-format'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { transferAccountId } from '~/domain/settings/store-details'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import { requireStaff } from '~/http/staff-auth.server'
import { notUnderstood, refuseWith, staffActionResult } from '~/http/refusal.server'
import { readPageForm } from '~/http/http.server'
import { readStatementRequest } from '~/http/statement-upload.server'
import { AppError } from '~/utils/app-error'
import type { Route } from './+types/transfer-statements'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Statements', description: 'Match a receiving account’s statement with the transfers waiting.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const { transferAccounts } = await readStoreDetails(db())
	const accounts = transferAccounts.map((a) => ({ id: transferAccountId(a), label: `${a.method} · ${a.account}` }))
	const wanted = new URL(request.url).searchParams.get('account')
	const selected = accounts.find((a) => a.id === wanted) ?? accounts[0] ?? null
	if (!selected) return { accounts, selected: null, mapping: null, kept: false, open: { proposed: [], unmatched: [] } }
	const { mapping, kept } = await statementMapping(db(), selected.id)
	return { accounts, selected, mapping, kept, open: await openCredits(db(), selected.id) }
}

const confirmInput = z.object({ intent: z.literal('confirm'), creditId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), orderNumber: z.string().trim().min(1).max(100) })

type ImportAnswer = { ok: true; intent: 'import'; result: StatementResult; message: string }

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request)
	const actor = staffActor(staff)
	if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
		try {
			const result = await importStatementFrom(db(), actor, await readStatementRequest(request))
			const message = `Imported: ${result.confirmed.length} confirmed, ${result.proposed.length} proposed, ${result.unmatched.length} unmatched${result.alreadyImported ? `, ${result.alreadyImported} imported before` : ''}.`
			return { ok: true, intent: 'import', result, message } satisfies ImportAnswer
		} catch (error) {
			if (error instanceof AppError) return refuseWith(error)
			throw error
		}
	}
	const parsed = confirmInput.safeParse(await readPageForm(request))
	if (!parsed.success) return notUnderstood()
	const { creditId, orderNumber } = parsed.data
	return staffActionResult(async () => {
		await confirmOrderWithCredit(db(), actor, creditId, orderNumber)
		return `Order ${orderNumber} is paid with the statement’s credit. The buyer has been emailed.`
	}, { intent: 'confirm' })
}

const creditText = (c: CreditView) => `${c.date} · ${formatRs(c.amount)} · ${c.reference || 'no reference'} · ${c.payer || 'no payer named'}`

export default function TransferStatements({ loaderData }: Route.ComponentProps) {
	const { accounts, selected, mapping, kept, open } = loaderData
	const answer = useActionData<typeof action>()
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting'
	const imported = answer && answer.ok && 'result' in answer ? answer.result : null
	const fieldErrors = answer && !answer.ok && 'fieldErrors' in answer ? (answer.fieldErrors as Record<string, string> | undefined) : undefined
	return (
		<div className="staff-statements">
			<p>
				<Link to="/admin/payments">← Transfers</Link>
			</p>
			<h1>Statements</h1>
			<p className="muted">
				Import a receiving account’s statement. A credit of an order’s exact amount with the transaction ID its buyer gave confirms the order; credits that match only in part are proposed below
				with what differs.
			</p>
			{accounts.length === 0 || !selected || !mapping ? (
				<p className="empty-state">
					No receiving accounts yet. Set them on <Link to="/admin/store#transferAccounts">the store page</Link>.
				</p>
			) : (
				<>
					<Form method="get" className="statement-account">
						<div className="field">
							<label htmlFor="statement-account">Receiving account</label>
							<div className="field-row">
								<select id="statement-account" name="account" defaultValue={selected.id}>
									{accounts.map((a) => (
										<option key={a.id} value={a.id}>
											{a.label}
										</option>
									))}
								</select>
								<button type="submit" className="button ghost">
									Show
								</button>
							</div>
							<p className="muted small">
								Account id for the API: <code>{selected.id}</code>
							</p>
						</div>
					</Form>
					<Form method="post" encType="multipart/form-data" className="statement-form" key={selected.id}>
						<input type="hidden" name="accountId" value={selected.id} />
						<fieldset className="statement-columns">
							<legend>{kept ? 'Columns of this account’s statement (kept from the last import)' : 'Columns of this account’s statement (chosen once, then kept)'}</legend>
							<div className="statement-column-grid">
								<ColumnField name="dateColumn" label="Date column" value={mapping.date} error={fieldErrors?.dateColumn} />
								<ColumnField name="amountColumn" label="Credit (amount) column" value={mapping.amount} error={fieldErrors?.amountColumn} />
								<ColumnField name="referenceColumn" label="Reference / TID column" value={mapping.reference} error={fieldErrors?.referenceColumn} />
								<ColumnField name="payerColumn" label="Payer / description column" value={mapping.payer} error={fieldErrors?.payerColumn} />
								<div className="field">
									<label htmlFor="statement-date-format">Dates written as</label>
									<select id="statement-date-format" name="dateFormat" defaultValue={mapping.dateFormat}>
										{DATE_FORMATS.map((f) => (
											<option key={f} value={f}>
												{f}
											</option>
										))}
									</select>
								</div>
							</div>
						</fieldset>
						<div className="field">
							<label htmlFor="statement-lines">Or paste the statement’s lines</label>
							<textarea id="statement-lines" name="lines" rows={4} placeholder={'With its header line, or as: date,amount,reference,payer'} />
						</div>
						<div className="field">
							<label htmlFor="statement-file">Statement CSV</label>
							<input id="statement-file" type="file" name="file" accept=".csv,text/csv,text/plain" />
							<p className="muted small">As the bank or wallet exports it: at most 2 MB and {STATEMENT_MAX_LINES.toLocaleString('en')} lines.</p>
						</div>
						<button type="submit" className="button primary" disabled={busy}>
							{busy ? 'Importing…' : 'Import statement'}
						</button>
					</Form>
					{answer ? <ActionResult result={answer} /> : null}
					{imported ? <ImportResult result={imported} busy={busy} /> : null}
					{imported ? null : (
						<section aria-labelledby="open-credits">
							<h2 id="open-credits">Credits waiting for an order</h2>
							{open.proposed.length === 0 && open.unmatched.length === 0 ? <p className="empty-state">No credits waiting: every credit imported for this account has confirmed an order (or none was imported yet).</p> : null}
							{open.proposed.length ? <Proposals proposals={open.proposed} busy={busy} /> : null}
							{open.unmatched.length ? (
								<>
									<h3>Matching no waiting order</h3>
									<ul className="statement-unmatched">
										{open.unmatched.map((c) => (
											<li key={c.id}>{creditText(c)}</li>
										))}
									</ul>
								</>
							) : null}
						</section>
					)}
				</>
			)}
		</div>
	)
}

function ColumnField({ name, label, value, error }: { name: string; label: string; value: string; error: string | undefined }) {
	return (
		<div className="field">
			<label htmlFor={`statement-${name}`}>{label}</label>
			<input id={`statement-${name}`} name={name} defaultValue={value} maxLength={100} aria-invalid={error ? true : undefined} aria-describedby={error ? `statement-${name}-error` : undefined} />
			{error ? (
				<p className="field-error" id={`statement-${name}-error`}>
					{error}
				</p>
			) : null}
		</div>
	)
}

function ImportResult({ result, busy }: { result: StatementResult; busy: boolean }) {
	return (
		<section aria-labelledby="statement-result" className="statement-result">
			<h2 id="statement-result">This import</h2>
			<p>
				<strong>Confirmed:</strong>{' '}
				{result.confirmed.length
					? result.confirmed.map((n, i) => (
							<span key={n}>
								{i ? ', ' : ''}
								<Link to={`/admin/orders/${encodeURIComponent(n)}`}>{n}</Link>
							</span>
						))
					: 'none'}
			</p>
			<p>
				<strong>Proposed:</strong> {result.proposed.length} · <strong>Unmatched:</strong> {result.unmatched.length}
				{result.alreadyImported ? ` · ${result.alreadyImported} credits were imported before` : ''}
			</p>
			{result.proposed.length ? <Proposals proposals={result.proposed} busy={busy} /> : null}
			{result.unmatched.length ? (
				<>
					<h3>Matching no waiting order</h3>
					<ul className="statement-unmatched">
						{result.unmatched.map((c) => (
							<li key={c.id}>{creditText(c)}</li>
						))}
					</ul>
				</>
			) : null}
			{result.skipped.length ? (
				<details>
					<summary>{result.skipped.length} lines could not be read</summary>
					<ul>
						{result.skipped.map((s) => (
							<li key={s.line}>
								Line {s.line}: {s.reason}
							</li>
						))}
					</ul>
				</details>
			) : null}
		</section>
	)
}

function Proposals({ proposals, busy }: { proposals: Proposal[]; busy: boolean }) {
	return (
		<>
			<h3>Proposed: check what differs, then confirm</h3>
			<ul className="statement-proposals">
				{proposals.map((p) => (
					<li key={`${p.credit.id}-${p.orderNumber}`} className="statement-proposal">
						<p>
							<Link to={`/admin/orders/${encodeURIComponent(p.orderNumber)}`}>{p.orderNumber}</Link> ← {creditText(p.credit)}
						</p>
						<ul className="statement-differences">
							{p.differences.map((d) => (
								<li key={d}>{d}</li>
							))}
						</ul>
						<Form method="post">
							<input type="hidden" name="intent" value="confirm" />
							<input type="hidden" name="creditId" value={p.credit.id} />
							<input type="hidden" name="orderNumber" value={p.orderNumber} />
							<button type="submit" className="button primary small" disabled={busy}>
								Confirm {p.orderNumber} with this credit
							</button>
						</Form>
					</li>
				))}
			</ul>
		</>
	)
}
