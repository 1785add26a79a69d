import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router'
import { NOT_UNDERSTOOD } from '~/http/refusal.server'
import { DraftBadge, ProductPageError, VisibilityBadge } from '~/components/admin/product-bits'
import { PublishPanel } from '~/components/admin/publish-panel'
import { ProductImageForm } from '~/components/admin/product-image-form'
import { PRODUCT_FORM_ID, ProductEditor } from '~/components/admin/product-editor'
import { Notice } from '~/components/admin/action-result'
import { ProductFormRefused, ProductPage } from '~/components/admin/product-page'
import { db } from '~/db/client.server'
import { duplicateProduct, getAdminProduct, PRODUCT_NOT_FOUND, removeProduct, updateProduct } from '~/domain/catalogue/manage-products.server'
import { productFormValues } from '~/domain/catalogue/product-form'
import { readPublishChecklist } from '~/domain/catalogue/read-publish-checklist.server'
import { setProductStatus } from '~/domain/catalogue/set-product-status.server'
import { AppError } from '~/utils/app-error'
import { refuse } from '~/http/refusal.server'
import { staffActor } from '~/domain/staff/audit.server'
import { readProductFormPost, saveProductForm } from '~/http/product-form.server'
import { requireStaff } from '~/http/staff-auth.server'
import { pageMeta } from '~/utils/seo'
import { OptionSupplyPanel, SUPPLY_ROWS, type SupplyRefusal } from '~/components/admin/option-supply-panel'
import { readCostSettings } from '~/domain/costs/cost-settings.server'
import { optionSupplyCosts, saveOptionSupply, supplierChoices } from '~/domain/suppliers/supplier-console.server'
import suppliersStyles from '~/styles/console-suppliers.css?url'
import productsStyles from '~/styles/console-products.css?url'
import type { Route } from './+types/product-edit'
import { asPage, idFromPath, pageFailure } from '~/http/http.server'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
	pageMeta(matches, { title: loaderData ? `${loaderData.product.name}: edit` : 'Product', description: 'Change a product, its options and prices.', extra: [{ name: 'robots', content: 'noindex' }] })

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: productsStyles },
	{ rel: 'stylesheet', href: suppliersStyles },
]



/** What a redirect here may announce (only these: the address never puts its own text on the page). */
const NOTICES = {
	created: () => 'Created as a draft: only staff see it. Upload its cover, check the list below, then publish it.',
	published: () => 'Published: buyers can find it in the shop now.',
	unpublished: () => 'Back to draft: buyers no longer see it. Publish it again when it is ready.',
	saved: ({ visible, status }: { visible: boolean; status: string }) =>
		status === 'draft' ? 'Saved. It is still a draft: buyers see it once you publish it.' : visible ? 'Saved. The shop shows the change now.' : 'Saved. The product is hidden, so buyers do not see it.',
	duplicated: () => 'This is the copy, hidden until you show it: change what differs, tick “Visible in the shop” and save.',
	hidden: () => 'Hidden: buyers no longer see this product. Past orders keep what they bought.',
	shown: () => 'Shown in the shop again.',
	kept: () => 'Orders refer to this product, so it was hidden instead of deleted: those orders keep what they bought.',
	supplied: () => 'Saved the option’s suppliers. Its price at each is checked daily.',
} as const

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'catalogue' })
	const id = idFromPath(params.id, PRODUCT_NOT_FOUND)
	const product = await asPage(() => getAdminProduct(db(), id))
	const checklist = await readPublishChecklist(db(), id)
	const notice = new URL(request.url).searchParams.get('notice')
	const [supplyCosts, suppliers, costs] = await Promise.all([optionSupplyCosts(db(), product.variants.map((v) => v.id)), supplierChoices(db()), readCostSettings(db())])
	const supplyOptions = product.variants.map((v) => ({ id: v.id, label: v.label, price: v.price, hidden: v.hidden, minMarginPercent: v.minMarginPercent, supply: supplyCosts.get(v.id) ?? [] }))
	return { product, checklist, supplyOptions, suppliers, rates: { rupeesPerDollar: costs.rupeesPerDollar, rupeesPerEuro: costs.rupeesPerEuro }, notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES](product) : null }
}

export async function action({ request, params }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'catalogue' })
	const id = idFromPath(params.id, PRODUCT_NOT_FOUND)
	const actor = staffActor(staff)
	const form = await readProductFormPost(request)
	switch (form.intent ?? 'save') {
		case 'save':
			return saveProductForm(form, (input) => updateProduct(db(), actor, id, input), 'saved')
		case 'duplicate': {
			const copy = await asPage(() => duplicateProduct(db(), actor, id))
			return redirect(`/admin/products/${copy.id}?notice=duplicated`)
		}
		case 'hide':
		case 'show': {
			const product = await asPage(() => updateProduct(db(), actor, id, { visible: form.intent === 'show' }))
			return redirect(`/admin/products/${id}?notice=${product.visible ? 'shown' : 'hidden'}`)
		}
		case 'publish':
		case 'unpublish': {
			try {
				await setProductStatus(db(), actor, id, { status: form.intent === 'publish' ? 'published' : 'draft', anyway: Boolean(form.anyway) })
			} catch (error) {
				if (error instanceof AppError && error.code !== 'NOT_FOUND') return refuse<PublishRefusal>(error.status, { intent: 'publish', message: error.message })
				if (error instanceof AppError) throw pageFailure(error)
				throw error
			}
			return redirect(`/admin/products/${id}?notice=${form.intent === 'publish' ? 'published' : 'unpublished'}`)
		}
		case 'supply': {
			const variantId = Number(form.variantId)
			try {
				const supply = Array.from({ length: SUPPLY_ROWS }, (_, n) => ({ supplierId: (form[`supplier_${n}`] ?? '').trim(), supplierProductId: (form[`product_${n}`] ?? '').trim() }))
					.filter((s) => s.supplierId !== '' || s.supplierProductId !== '')
					.map((s) => {
						if (!/^\d{1,9}$/.test(s.supplierId)) throw new AppError('BAD_REQUEST', 'Choose a supplier for each product id, or clear the id.')
						return { supplierId: Number(s.supplierId), supplierProductId: s.supplierProductId }
					})
				const margin = (form.minMarginPercent ?? '').trim()
				if (margin !== '' && !/^\d{1,3}$/.test(margin)) throw new AppError('BAD_REQUEST', 'The minimum margin is a whole number of percent from 0 to 500.')
				await saveOptionSupply(db(), actor, id, Number.isSafeInteger(variantId) ? variantId : 0, { supply, minMarginPercent: margin === '' ? null : Number(margin) })
			} catch (error) {
				if (error instanceof AppError && error.code !== 'NOT_FOUND') return refuse<SupplyRefusal>(error.status, { intent: 'supply', variantId: String(form.variantId ?? ''), message: error.message })
				if (error instanceof AppError) throw pageFailure(error)
				throw error
			}
			return redirect(`/admin/products/${id}?notice=supplied#suppliers`)
		}
		case 'delete': {
			const removed = await asPage(() => removeProduct(db(), actor, id))
			return redirect(removed.deleted ? '/admin/products?notice=deleted' : `/admin/products/${id}?notice=kept`)
		}
		default:
			throw data(NOT_UNDERSTOOD, { status: 400 })
	}
}

type PublishRefusal = { ok: false; intent: 'publish'; message: string }

export default function EditProduct({ loaderData }: Route.ComponentProps) {
	const { product, checklist, notice, supplyOptions, suppliers, rates } = loaderData
	const answer = useActionData<typeof action>()
	const publishRefused = answer && 'intent' in answer && answer.intent === 'publish' ? answer.message : null
	const supplyRefused = answer && 'intent' in answer && answer.intent === 'supply' ? (answer as SupplyRefusal) : null
	const failed = answer && !('intent' in answer) ? answer : undefined
	const busy = useNavigation().state === 'submitting'
	const shopLink = `/product/${product.id}`

	return (
		<ProductPage>
			<div className="product-head">
				<h1>{product.name}</h1>
				<p className="muted small">
					Product #{product.id} {product.status === 'draft' ? <DraftBadge /> : null} <VisibilityBadge visible={product.visible} />
				</p>
			</div>
			<div className="product-toolbar">
				<button type="submit" form={PRODUCT_FORM_ID} name="intent" value="save" className="button primary small" disabled={busy}>
					Save
				</button>
				<a href={product.status === 'draft' ? `/admin/products/${product.id}/preview` : shopLink} className="button ghost small" target="_blank" rel="noreferrer">
					{product.status === 'draft' ? 'Preview' : 'View in shop'}
				</a>
				<Link to={`/admin/products/${product.id}/stock`} className="button ghost small">
					Stock
				</Link>
				{product.visible ? null : <span className="muted small">Hidden: buyers who open it see “not found”.</span>}
			</div>

			<Notice message={answer ? null : notice} />
			<ProductFormRefused failed={failed} />

			<PublishPanel productId={product.id} status={product.status} checklist={checklist} refusal={publishRefused} busy={busy} />

			{/* Its own form (a file upload, multipart): the cover is saved on its own, without the fields below. */}
			<div className="settings-section product-cover">
				<ProductImageForm productId={product.id} currentImage={{ image: product.image, imageSet: product.imageSet }} />
			</div>

			<ProductEditor
				key={failed?.attempt ?? product.updatedAt}
				values={failed?.values ?? productFormValues(product)}
				errors={failed?.fieldErrors ?? {}}
				intent="save"
				submitLabel="Save"
				busy={busy}
			/>

			<OptionSupplyPanel options={supplyOptions} suppliers={suppliers} rates={rates} refusal={supplyRefused} busy={busy} />

			<section className="settings-section product-more" aria-labelledby="more-heading">
				<h2 id="more-heading">More</h2>
				<div className="product-more-actions">
					<Form method="post">
						<button type="submit" name="intent" value="duplicate" className="button ghost small" disabled={busy}>
							Duplicate
						</button>
					</Form>
					<Form method="post">
						<button type="submit" name="intent" value={product.visible ? 'hide' : 'show'} className="button ghost small" disabled={busy}>
							{product.visible ? 'Hide from the shop' : 'Show in the shop'}
						</button>
					</Form>
				</div>
				<p className="muted small">Duplicate makes a hidden copy with the same options and prices, to start a similar product from.</p>
				<details className="product-delete">
					<summary>Delete this product…</summary>
					<p className="small">
						Deleting cannot be undone. Products with orders are hidden instead, so those orders keep what they bought. To take a product off the shop for a while, hide it instead.
					</p>
					<Form method="post">
						<button type="submit" name="intent" value="delete" className="button ghost small danger" disabled={busy}>
							Delete product
						</button>
					</Form>
				</details>
			</section>
		</ProductPage>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <ProductPageError error={error} />
}
