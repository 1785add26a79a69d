import { getFormProps, getSelectProps } from '@conform-to/react'
import { Form, Link, data, useActionData, useNavigation, useSearchParams } from 'react-router'
import { z } from 'zod'
import { Notice } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { TextField } from '~/components/admin/text-field'
import { RowAction } from '~/components/admin/row-action'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { CATEGORIES } from '~/domain/catalogue/types'
import { couponFields, couponInput, couponOffText, couponPatch, type CouponView } from '~/domain/coupons/coupon'
import { createCoupon, listCoupons, updateCoupon } from '~/domain/coupons/coupons.server'
import { couponChoices, type CouponChoice } from '~/domain/coupons/coupon-choices.server'
import { staffActor } from '~/domain/staff/audit.server'
import type { Outcome } from '~/http/outcome'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
import { readPageIntent } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { invalidInput } from '~/utils/field-errors'
import { idSchema } from '~/utils/input'
import { formatRs } from '~/utils/money'
import { FIRST_YEAR, LAST_YEAR, pakistanDateTimeInput } from '~/utils/pakistan-time'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/coupons'

// Discount codes (issue 23): the owner makes, edits, pauses and resumes codes; each shows its uses.

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Coupons', description: 'Discount codes for checkout.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'owner' })
	const [coupons, choices] = await Promise.all([listCoupons(db()), couponChoices(db())])
	return { coupons, choices }
}

const PLATFORM_LABELS: Record<(typeof CATEGORIES)[number], string> = { xbox: 'Xbox', playstation: 'PlayStation', pc: 'PC' }
const platformField = (p: string) => `platform_${p}`
/** The picker's boxes: a whole product, or one of its options (one name each, so a form without scripts sends every box ticked). */
const productField = (id: number) => `product_${id}`
const optionField = (id: number) => `option_${id}`
const ticked = (form: Record<string, string>, prefix: string) =>
	Object.keys(form)
		.filter((k) => k.startsWith(prefix) && form[k] === 'on' && /^\d{1,10}$/.test(k.slice(prefix.length)))
		.map((k) => k.slice(prefix.length))
		.join(', ')

const intents = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('create') }).passthrough(),
	z.object({ intent: z.literal('edit'), id: idSchema() }).passthrough(),
	z.object({ intent: z.literal('pause'), id: idSchema() }),
	z.object({ intent: z.literal('resume'), id: idSchema() }),
])

/** The form's fields as the API takes them: blank boxes are none, the platform boxes one list. */
function fromForm(form: Record<string, string>) {
	return {
		code: form.code ?? '',
		type: form.type ?? '',
		value: form.value ?? '',
		productIds: ticked(form, 'product_'),
		variantIds: ticked(form, 'option_'),
		platforms: CATEGORIES.filter((p) => form[platformField(p)] === 'on'),
		minSubtotal: form.minSubtotal ?? '',
		startsAt: form.startsAt ?? '',
		endsAt: form.endsAt ?? '',
		maxUses: form.maxUses ?? '',
		maxUsesPerBuyer: form.maxUsesPerBuyer ?? '',
		firstOrderOnly: form.firstOrderOnly === 'on',
	}
}

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'owner' })
	const { form, input } = await readPageIntent(request, intents)
	if (!input) return notUnderstood<Outcome>()
	const actor = staffActor(staff)
	try {
		if (input.intent === 'create') {
			const fields = couponInput.safeParse(fromForm(form))
			if (!fields.success) throw invalidInput(fields.error)
			const coupon = await createCoupon(db(), actor, fields.data)
			return data<Outcome>({ ok: true, intent: 'create', message: `Code ${coupon.code} is ready: ${couponOffText(coupon)}.`, at: Date.now() })
		}
		if (input.intent === 'edit') {
			const fields = couponPatch.safeParse(fromForm(form))
			if (!fields.success) throw invalidInput(fields.error)
			const coupon = await updateCoupon(db(), actor, input.id, fields.data)
			return data<Outcome>({ ok: true, intent: 'edit', message: `Code ${coupon.code} is saved.`, at: Date.now() })
		}
		const coupon = await updateCoupon(db(), actor, input.id, { active: input.intent === 'resume' })
		return data<Outcome>({ ok: true, intent: input.intent, message: coupon.active ? `Code ${coupon.code} works again.` : `Code ${coupon.code} is paused: checkout refuses it until you resume it.`, at: Date.now() })
	} catch (error) {
		if (error instanceof AppError) return refuseWith<Outcome>(error, { intent: input.intent, values: form })
		throw error
	}
}

export default function Coupons({ loaderData }: Route.ComponentProps) {
	const { coupons, choices } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const [params] = useSearchParams()
	const refusal = result && !result.ok ? result : null
	const editing = coupons.find((c) => String(c.id) === params.get('edit')) ?? null
	const formAnswer = refusal && (refusal.intent === 'create' || refusal.intent === 'edit') ? refusal : null
	return (
		<div className="staff-content staff-coupons">
			<h1>Coupons</h1>
			<p className="muted">Discount codes buyers type at checkout. Times are Pakistan time. A use held by an order that expires, is cancelled or is refunded in full comes back by itself.</p>
			<Notice message={result?.ok ? result.message : null} />
			<ErrorAlert message={refusal && !formAnswer ? refusal.message : null} />
			{/* A code made: the form starts empty again (a new key draws it afresh). */}
			<CouponForm key={editing ? `edit-${editing.id}` : result?.ok && result.intent === 'create' ? `new-${result.at}` : 'new'} editing={editing} answer={formAnswer} busy={busy} choices={choices} />

			<h2>Codes</h2>
			{coupons.length === 0 ? (
				<p className="muted">No discount codes yet.</p>
			) : (
				<ul className="coupon-list">
					{coupons.map((c) => (
						<li key={c.id} className="coupon-row">
							<div className="coupon-head">
								<strong className="coupon-code">{c.code}</strong> <span className="order-badge small">{couponOffText(c)}</span>{' '}
								<span className={c.active ? 'order-badge small success' : 'order-badge small'}>{c.active ? 'Active' : 'Paused'}</span>
							</div>
							<p className="small">
								{appliesTo(c, choices)}
								{c.minSubtotal > 0 ? ` · minimum order ${formatRs(c.minSubtotal)}` : ''}
								{c.firstOrderOnly ? ' · first order only' : ''}
							</p>
							<p className="small">
								<strong>
									{c.uses} {c.uses === 1 ? 'use' : 'uses'}
								</strong>
								{c.maxUses != null ? ` of ${c.maxUses}` : ''}
								{c.maxUsesPerBuyer != null ? ` · ${c.maxUsesPerBuyer} per buyer` : ''}
							</p>
							<p className="muted small">
								{c.startsAt ? (
									<>
										From <AdminTime date={c.startsAt} />
									</>
								) : null}
								{c.startsAt && c.endsAt ? ' · ' : null}
								{c.endsAt ? (
									<>
										{c.startsAt ? 'until' : 'Until'} <AdminTime date={c.endsAt} />
									</>
								) : null}
								{!c.startsAt && !c.endsAt ? 'No dates.' : null}
							</p>
							<div className="coupon-actions">
								<Link to={`?edit=${c.id}`} className="button ghost small" aria-label={`Edit ${c.code}`}>
									Edit
								</Link>
								<RowAction intent={c.active ? 'pause' : 'resume'} fields={{ id: c.id }} label={c.active ? 'Pause' : 'Resume'} ariaLabel={`${c.active ? 'Pause' : 'Resume'} ${c.code}`} busy={busy} />
							</div>
						</li>
					))}
				</ul>
			)}
		</div>
	)
}

/** What a code is for, by name: "For Game Pass Ultimate; Netflix (1 Month)". */
function appliesTo(c: CouponView, choices: CouponChoice[]): string {
	const productName = (id: number) => choices.find((p) => p.id === id)?.name ?? `a deleted product`
	const optionName = (id: number) => {
		const product = choices.find((p) => p.options.some((o) => o.id === id))
		const option = product?.options.find((o) => o.id === id)
		return product && option ? `${product.name}: ${option.label}` : 'a deleted option'
	}
	const parts = [
		c.productIds.length ? c.productIds.map(productName).join(', ') : null,
		c.variantIds.length ? c.variantIds.map(optionName).join(', ') : null,
		c.platforms.length ? c.platforms.map((p) => PLATFORM_LABELS[p]).join(', ') : null,
	].filter(Boolean)
	return parts.length ? `For ${parts.join('; ')}` : 'Whole order'
}

/** The shop's years, as a datetime-local box's bounds. */
const DATE_MIN = `${FIRST_YEAR}-01-01T00:00`
const DATE_MAX = `${LAST_YEAR}-12-31T23:59`

type Answer = { ok: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }

/** A new code, or the one being edited: checked with the same rules before it is sent, and by the action after. */
function CouponForm({ editing, answer, busy, choices }: { editing: CouponView | null; answer: Answer | null; busy: boolean; choices: CouponChoice[] }) {
	const defaults = editing
		? {
				code: editing.code,
				type: editing.type,
				value: String(editing.value),
				minSubtotal: editing.minSubtotal ? String(editing.minSubtotal) : '',
				startsAt: editing.startsAt ? pakistanDateTimeInput(editing.startsAt) : '',
				endsAt: editing.endsAt ? pakistanDateTimeInput(editing.endsAt) : '',
				maxUses: editing.maxUses != null ? String(editing.maxUses) : '',
				maxUsesPerBuyer: editing.maxUsesPerBuyer != null ? String(editing.maxUsesPerBuyer) : '',
			}
		: { type: 'percent' }
	const [form, fields] = useConsoleForm(couponFields, { id: editing ? `coupon-edit-${editing.id}` : 'coupon-new', answer, defaultValue: defaults })
	const checked = (name: string, fallback: boolean) => (answer?.values ? answer.values[name] === 'on' : fallback)
	return (
		<Form method="post" className="coupon-form" {...getFormProps(form)}>
			<h2>{editing ? `Edit ${editing.code}` : 'New code'}</h2>
			<input type="hidden" name="intent" value={editing ? 'edit' : 'create'} />
			{editing ? <input type="hidden" name="id" value={editing.id} /> : null}
			<div className="coupon-grid">
				<TextField field={fields.code} label="Code" autoComplete="off" spellCheck={false} placeholder="EID25" />
				<div className="field">
					<label htmlFor={fields.type.id}>Discount</label>
					<select {...getSelectProps(fields.type)}>
						<option value="percent">Percent off</option>
						<option value="fixed">Rupees off</option>
					</select>
					<FieldError field={fields.type} />
				</div>
				<TextField field={fields.value} label="Amount (percent or rupees)" placeholder="20% or Rs. 500" autoComplete="off" />
				<TextField field={fields.minSubtotal} label="Minimum order, Rs. (optional)" inputMode="numeric" />
				<fieldset className="field coupon-platforms">
					<legend>Only these platforms (optional)</legend>
					{CATEGORIES.map((p) => (
						<label key={p} className="inline-check">
							<input type="checkbox" name={platformField(p)} defaultChecked={checked(platformField(p), editing?.platforms.includes(p) ?? false)} /> {PLATFORM_LABELS[p]}
						</label>
					))}
				</fieldset>
				<TextField field={fields.startsAt} label="Starts (Pakistan time, optional)" type="datetime-local" min={DATE_MIN} max={DATE_MAX} />
				<TextField field={fields.endsAt} label="Ends (Pakistan time, optional)" type="datetime-local" min={DATE_MIN} max={DATE_MAX} />
				<TextField field={fields.maxUses} label="Total uses (optional)" inputMode="numeric" />
				<TextField field={fields.maxUsesPerBuyer} label="Uses per buyer (optional)" inputMode="numeric" />
			</div>
			<CouponLimits choices={choices} answer={answer} editing={editing} checked={checked} />
			<label className="inline-check">
				<input type="checkbox" name="firstOrderOnly" defaultChecked={checked('firstOrderOnly', editing?.firstOrderOnly ?? false)} /> First order only (no other order by that email or phone, paid or still open)
			</label>
			<div className="coupon-form-actions">
				<button type="submit" className="button primary" disabled={busy}>
					{editing ? 'Save code' : 'Create code'}
				</button>
				{editing ? (
					<Link to="/admin/coupons" className="button ghost">
						Cancel
					</Link>
				) : null}
			</div>
		</Form>
	)
}

/** The products and options a code is limited to, chosen by name: a box per product (all its options) and per option, grouped by product. */
function CouponLimits({ choices, answer, editing, checked }: { choices: CouponChoice[]; answer: Answer | null; editing: CouponView | null; checked: (name: string, fallback: boolean) => boolean }) {
	const problem = answer?.fieldErrors?.productIds ?? answer?.fieldErrors?.variantIds ?? null
	const chosen = (editing?.productIds.length ?? 0) + (editing?.variantIds.length ?? 0)
	return (
		<details className="coupon-limits" open={Boolean(problem) || chosen > 0 || undefined}>
			<summary>
				Only these products or options (optional){chosen ? ` · ${chosen} chosen` : ''}
			</summary>
			<p className="small muted">Nothing ticked: the code is for the whole order (or the platforms above). A product ticked: all its options.</p>
			{problem ? (
				<p className="field-error" id="coupon-limits-error" role="alert">
					{problem}
				</p>
			) : null}
			<div className="coupon-limit-groups">
				{choices.map((p) => (
					<fieldset key={p.id} className="coupon-limit-group">
						<legend>
							{p.name}
							{p.visible ? '' : ' (hidden)'}
						</legend>
						<label className="inline-check">
							<input type="checkbox" name={productField(p.id)} defaultChecked={checked(productField(p.id), editing?.productIds.includes(p.id) ?? false)} /> All of {p.name}
						</label>
						{p.options.map((o) => (
							<label key={o.id} className="inline-check">
								<input type="checkbox" name={optionField(o.id)} defaultChecked={checked(optionField(o.id), editing?.variantIds.includes(o.id) ?? false)} /> {o.label}
								{o.hidden ? ' (hidden)' : ''}
							</label>
						))}
					</fieldset>
				))}
			</div>
		</details>
	)
}
