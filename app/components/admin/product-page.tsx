import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { ProductFormRefusal } from '~/http/product-form.server'
import { ErrorAlert } from '~/components/ui/error-alert'
import { ProductErrorSummary } from './product-editor'

/** A product's console page (new or edit), with the way back to the products list above it. */
export function ProductPage({ children }: { children: ReactNode }) {
	return (
		<div className="staff-product">
			<p className="product-back">
				<Link to="/admin/products">← All products</Link>
			</p>
			{children}
		</div>
	)
}

/** Why the product form was not saved: each field's problem, listed, or the one sentence. */
export function ProductFormRefused({ failed }: { failed: ProductFormRefusal | undefined }) {
	return failed && Object.keys(failed.fieldErrors).length > 0 ? <ProductErrorSummary errors={failed.fieldErrors} values={failed.values} /> : <ErrorAlert message={failed?.message} />
}
