import { useState } from 'react'
import { data, Form, useActionData, useNavigation } from 'react-router'
import { refuse, refuseWith } from '~/http/refusal.server'
import { copyText, useCopied } from '~/components/ui/copy-button'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { listProducts } from '~/domain/catalogue/list-products.server'
import { createDmOrder } from '~/domain/orders/create-dm-order.server'
import { dmOrderForm, dmOrderFormFields } from '~/domain/orders/dm-order-fields'
import { invalidInput } from '~/utils/field-errors'
import type { Outcome } from '~/http/outcome'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { getFormProps, getInputProps } from '@conform-to/react'
import { lineOptionLabel } from '~/domain/orders/line-option'
import { orderLink } from '~/domain/orders/order-token.server'
import { DEFAULT_DM_DURATION_DAYS, hasSubscriptionDuration } from '~/domain/orders/subscription'
import { displayPrice } from '~/domain/pricing/price-of'
import { staffActor } from '~/domain/staff/audit.server'
import { readPageForm } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { formatRs } from '~/utils/money'
import { absoluteUrl } from '~/utils/origin.server'
import { pageMeta } from '~/utils/seo'
import { useHydrated } from '~/utils/use-hydrated'
import type { Route } from './+types/dm-order'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Create DM Order', description: 'Create an order sold over direct messages.', extra: [{ name: 'robots', content: 'noindex' }] })

/** An option as staff pick it: the variant, in the words a checkout line uses ('2 Months · Shared account'). */
const optionText = (v: { label: string; months: number | null; value: number | null; accountType: 'private' | 'shared' | null; price: number }) =>
	lineOptionLabel({
		selectedDuration: v.months != null ? { label: v.label, price: v.price, months: v.months } : null,
		selectedDenomination: v.months == null && v.value != null ? { label: v.label, price: v.price, value: v.value } : null,
		selectedAccountType: v.accountType,
	}) ?? v.label

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const products = await listProducts(db())
	return {
		products: products.map((p) => ({
			id: p.id,
			name: p.name,
			price: displayPrice(p),
			subscription: hasSubscriptionDuration(p),
			// One option is the product itself: nothing to pick.
			options: p.variants.length > 1 ? p.variants.map((v) => ({ id: v.id, text: optionText(v), price: v.price, months: v.months })) : [],
		})),
	}
}

/**
 * §2 DM order from the console: the staff session authorises it (the API key stays for tools that
 * call §7 call 11, /api/admin-create-dm-order). A real form: it works before scripts start.
 */
export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request)
	const form = await readPageForm(request)
	const parsed = dmOrderForm.safeParse(form)
	if (!parsed.success) {
		const refused = invalidInput(parsed.error)
		return refuse<DmOutcome>(400, { message: refused.message, fieldErrors: refused.fieldErrors, values: form })
	}
	try {
		const order = await createDmOrder(db(), staffActor(staff), parsed.data)
		return data<DmOutcome>({ ok: true, message: `Order ${order.orderNumber} created`, trackUrl: absoluteUrl(orderLink(order)), orderNumber: order.orderNumber })
	} catch (error) {
		if (error instanceof AppError) return refuseWith<DmOutcome>(error, { values: form })
		throw error
	}
}

type DmOutcome = Outcome<{ trackUrl: string; orderNumber: string }>

const optionWithPrice = (o: { text: string; price: number }) => (o.price > 0 ? `${o.text} — ${formatRs(o.price)}` : o.text)

export default function DmOrder({ loaderData }: Route.ComponentProps) {
	const { products } = loaderData
	const hydrated = useHydrated()
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const [productId, setProductId] = useState(String(products[0]?.id ?? ''))
	const [optionId, setOptionId] = useState('')
	const [copied, setCopied] = useCopied()
	const product = products.find((p) => String(p.id) === productId)
	const option = product?.options.find((o) => String(o.id) === optionId) ?? product?.options[0]
	const price = option?.price ?? product?.price
	const failed = result && !result.ok ? result : null
	const [form, fields] = useConsoleForm(dmOrderFormFields, { id: 'dm-order', answer: failed })
	// A refusal of one field is shown beside it, not again above the form.
	const formError = failed && !Object.keys(failed.fieldErrors ?? {}).length ? failed.message : null

	return (
		<div className="staff-dm-order">
			<h1>Create DM Order</h1>
			<p className="muted">For orders agreed over direct messages: the buyer gets a tracking link to their order.</p>
			<Form method="post" className="dm-order-form" {...getFormProps(form)}>
				<ErrorAlert message={formError} />
				<div className="field">
					<label htmlFor={fields.name.id}>Customer Name</label>
					<input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" />
					<FieldError field={fields.name} />
				</div>
				<div className="field">
					<label htmlFor={fields.email.id}>Customer Email</label>
					<input {...getInputProps(fields.email, { type: 'email' })} autoComplete="off" />
					<FieldError field={fields.email} />
				</div>
				<div className="field">
					<label htmlFor={fields.phone.id}>Customer Phone</label>
					<input {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="off" />
					<FieldError field={fields.phone} />
				</div>
				<div className="field">
					<label htmlFor="dm-product">Product</label>
					<select
						id="dm-product"
						name="productId"
						value={productId}
						onChange={(e) => {
							setProductId(e.target.value)
							setOptionId('')
						}}
						required
					>
						{products.map((p) => (
							<option key={p.id} value={p.id}>
								{p.name}
							</option>
						))}
					</select>
				</div>
				{hydrated && product && product.options.length > 0 ? (
					<div className="field">
						<label htmlFor="dm-option">{product.options.some((o) => o.months != null) ? 'Duration' : 'Value'}</label>
						{/* Keyed by product: each product's list starts at its first option. */}
						<select key={product.id} id="dm-option" name="variantId" value={option ? String(option.id) : ''} onChange={(e) => setOptionId(e.target.value)}>
							{product.options.map((o) => (
								<option key={o.id} value={o.id}>
									{optionWithPrice(o)}
								</option>
							))}
						</select>
					</div>
				) : !hydrated ? (
					// Before scripts start the list cannot follow the product: every product's options, by product.
					<div className="field">
						<label htmlFor="dm-option">Duration or value</label>
						<select id="dm-option" name="variantId" defaultValue="">
							<option value="">The product’s own price</option>
							{products
								.filter((p) => p.options.length > 0)
								.map((p) => (
									<optgroup key={p.id} label={p.name}>
										{p.options.map((o) => (
											<option key={o.id} value={o.id}>
												{optionWithPrice(o)}
											</option>
										))}
									</optgroup>
								))}
						</select>
					</div>
				) : null}
				<div className="field">
					<label htmlFor={fields.amount.id}>Amount (PKR)</label>
					<input {...getInputProps(fields.amount, { type: 'text', ariaDescribedBy: 'dm-amount-hint' })} inputMode="decimal" autoComplete="off" placeholder={price ? String(price) : ''} />
					<FieldError field={fields.amount} />
					<span className="muted small" id="dm-amount-hint">{price ? `Leave blank for the price of what is chosen (${formatRs(price)}).` : 'Enter the amount agreed with the buyer.'}</span>
				</div>
				{product?.subscription ? (
					<div className="field">
						<label htmlFor={fields.durationDays.id}>Duration (days)</label>
						<input
							{...getInputProps(fields.durationDays, { type: 'number', value: false, ariaDescribedBy: 'dm-duration-hint' })}
							key={option?.id ?? 'none'}
							step={1}
							defaultValue={option?.months ? option.months * 30 : DEFAULT_DM_DURATION_DAYS}
						/>
						<FieldError field={fields.durationDays} />
						<span className="muted small" id="dm-duration-hint">0 means no countdown and no reminder emails.</span>
					</div>
				) : null}
				<button type="submit" className="button primary block" disabled={busy || !product}>
					{busy ? 'Creating…' : 'Create Order'}
				</button>
			</Form>
			{result?.ok ? (
				<section className="success-box dm-order-result" aria-labelledby="dm-result-title">
					<h2 id="dm-result-title">{`Order ${result.orderNumber} created`}</h2>
					<p>Send this tracking link to the buyer:</p>
					<div className="dm-order-link">
						<a href={result.trackUrl} target="_blank" rel="noreferrer" data-testid="dm-track-url">
							{result.trackUrl}
						</a>
						<button type="button" className="button ghost small" onClick={async () => setCopied(await copyText(result.trackUrl))}>
							{copied ? 'Copied!' : 'Copy'}
						</button>
					</div>
				</section>
			) : null}
		</div>
	)
}
