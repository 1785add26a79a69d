import { getFormProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { Form, data, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { Notice } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { TextField } from '~/components/admin/text-field'
import { RowAction } from '~/components/admin/row-action'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { BLOCK_KIND_LABELS, BLOCK_KINDS, blockFields, blockInput } from '~/domain/buyers/blocklist'
import { blockBuyer, listBlocks, unblockBuyer } from '~/domain/buyers/blocklist.server'
import { staffActor } from '~/domain/staff/audit.server'
import type { Outcome } from '~/http/outcome'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
import { readPageIntent } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { invalidInput } from '~/utils/field-errors'
import { idSchema } from '~/utils/input'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/blocklist'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Blocked buyers', description: 'Keep a buyer out: their checkouts and sign-ins are refused.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'owner' })
	return { blocks: await listBlocks(db()) }
}

const intents = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('add'), kind: z.string(), value: z.string(), note: z.string().optional() }),
	z.object({ intent: z.literal('remove'), id: idSchema() }),
])

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'owner' })
	const { form, input } = await readPageIntent(request, intents)
	if (!input) return notUnderstood<Outcome>()
	try {
		if (input.intent === 'add') {
			const fields = blockInput.safeParse({ kind: input.kind, value: input.value, note: input.note })
			if (!fields.success) throw invalidInput(fields.error)
			const block = await blockBuyer(db(), staffActor(staff), fields.data)
			return data<Outcome>({ ok: true, intent: 'add', message: `Blocked ${BLOCK_KIND_LABELS[block.kind].toLowerCase()} ${block.value}: their checkouts and sign-ins are refused from now on.`, at: Date.now() })
		}
		await unblockBuyer(db(), staffActor(staff), input.id)
		return data<Outcome>({ ok: true, intent: 'remove', message: 'The block is lifted.', at: Date.now() })
	} catch (error) {
		if (error instanceof AppError) return refuseWith<Outcome>(error, { intent: input.intent, values: form })
		throw error
	}
}

export default function Blocklist({ loaderData }: Route.ComponentProps) {
	const { blocks } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const refusal = result && !result.ok ? result : null
	return (
		<div className="staff-content staff-blocklist">
			<h1>Blocked buyers</h1>
			<p className="muted">
				A blocked email, phone number or network address cannot place an order or sign in. The buyer reads only “We could not place this order. Please contact us on WhatsApp.”; nothing else about them changes.
			</p>
			<Notice message={result?.ok ? result.message : null} />
			<ErrorAlert message={refusal && refusal.intent !== 'add' ? refusal.message : null} />
			<BlockForm answer={refusal?.intent === 'add' ? refusal : null} busy={busy} />

			<h2>On the list</h2>
			{blocks.length === 0 ? (
				<p className="muted">Nobody is blocked.</p>
			) : (
				<ul className="block-list">
					{blocks.map((block) => (
						<li key={block.id} className="block-row">
							<div className="block-what">
								<span className="badge">{BLOCK_KIND_LABELS[block.kind]}</span> <strong className="block-value">{block.value}</strong>
							</div>
							{block.note ? <p className="block-note">{block.note}</p> : null}
							<p className="muted small">
								Blocked <AdminTime date={block.createdAt} />
								{block.createdBy ? ` by ${block.createdBy}` : ''}.{' '}
								{block.refusals === 0 ? 'Nothing refused yet.' : `Refused ${block.refusals} ${block.refusals === 1 ? 'time' : 'times'}, last `}
								{block.lastRefusedAt ? <AdminTime date={block.lastRefusedAt} /> : null}
								{block.lastRefusedAt ? '.' : null}
							</p>
							<RowAction intent="remove" fields={{ id: block.id }} label="Unblock" ariaLabel={`Unblock ${block.value}`} busy={busy} className="block-unblock" />
						</li>
					))}
				</ul>
			)}
		</div>
	)
}

/** A new block: checked with its own schema before it is sent, and by the action after. */
function BlockForm({ answer, busy }: { answer: { ok: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | null; busy: boolean }) {
	const [form, fields] = useConsoleForm(blockFields, { id: 'block-add', answer, defaultValue: { kind: 'email' } })
	return (
		<Form method="post" className="block-add" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="add" />
			<div className="field">
				<label htmlFor={fields.kind.id}>What to block</label>
				<select {...getSelectProps(fields.kind)}>
					{BLOCK_KINDS.map((kind) => (
						<option key={kind} value={kind}>
							{BLOCK_KIND_LABELS[kind]}
						</option>
					))}
				</select>
				<FieldError field={fields.kind} />
			</div>
			<TextField field={fields.value} label="Email, phone number or network address" autoComplete="off" spellCheck={false} />
			<div className="field">
				<label htmlFor={fields.note.id}>Note for staff (optional)</label>
				<textarea {...getTextareaProps(fields.note)} rows={2} placeholder="Why: e.g. chargeback on order GV-…" />
				<FieldError field={fields.note} />
			</div>
			<button type="submit" className="button primary" disabled={busy}>
				Block
			</button>
		</Form>
	)
}
