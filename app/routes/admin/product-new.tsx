import { useActionData, useNavigation } from 'react-router'
import { PRODUCT_FORM_ID, ProductEditor } from '~/components/admin/product-editor'
import { ProductPageError } from '~/components/admin/product-bits'
import { ProductFormRefused, ProductPage } from '~/components/admin/product-page'
import { db } from '~/db/client.server'
import { createProduct } from '~/domain/catalogue/manage-products.server'
import { productFormValues } from '~/domain/catalogue/product-form'
import { staffActor } from '~/domain/staff/audit.server'
import { readProductFormPost, saveProductForm } from '~/http/product-form.server'
import { requireStaff } from '~/http/staff-auth.server'
import { pageMeta } from '~/utils/seo'
import productsStyles from '~/styles/console-products.css?url'
import type { Route } from './+types/product-new'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'New product', description: 'Add a product to the catalogue.', extra: [{ name: 'robots', content: 'noindex' }] })

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: productsStyles }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'catalogue' })
	return null
}

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'catalogue' })
	const form = await readProductFormPost(request)
	return saveProductForm(form, (input) => createProduct(db(), staffActor(staff), { ...input, status: 'draft' }), 'created')
}

export default function NewProduct() {
	const failed = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	return (
		<ProductPage>
			<div className="staff-orders-head">
				<h1>New product</h1>
				<button type="submit" form={PRODUCT_FORM_ID} className="button primary small" disabled={busy}>
					Create product
				</button>
			</div>
			<p className="muted">Name, platform, kind, a description and at least one option with a price are needed; the rest can wait. After creating it, upload its cover on its page.</p>
			<ProductFormRefused failed={failed} />
			<ProductEditor key={failed?.attempt ?? 'new'} values={failed?.values ?? productFormValues()} errors={failed?.fieldErrors ?? {}} submitLabel="Create product" busy={busy} />
		</ProductPage>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <ProductPageError error={error} />
}
