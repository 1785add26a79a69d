import { Link, isRouteErrorResponse } from 'react-router'
import { coverSrcSet } from '~/domain/catalogue/covers'

/** A product's cover, small: the list's and the edit page's. Decorative: the name is beside it. */
export function ProductThumb({ src, size = 48 }: { src: string; size?: number }) {
	return <img className="product-thumb-img" src={src} srcSet={coverSrcSet(src)} sizes={`${size}px`} width={size} height={size} alt="" loading="lazy" decoding="async" />
}

/** Whether buyers see the product. */
export function VisibilityBadge({ visible }: { visible: boolean }) {
	return <span className={`status-pill ${visible ? 'product-visible' : 'product-hidden'}`}>{visible ? 'Visible' : 'Hidden'}</span>
}

/** The product pages' failures: a product that is not there (404), a refused request with its sentence, or anything else. */
export function ProductPageError({ error }: { error: unknown }) {
	const response = isRouteErrorResponse(error) ? error : null
	const notFound = response?.status === 404
	const sentence = response && typeof response.data === 'string' && response.data ? response.data : null
	return (
		<div className="staff-product">
			<h1>{notFound ? 'Product not found' : response && response.status < 500 ? 'That did not work' : 'Unexpected error occurred'}</h1>
			<p>{notFound ? 'There is no product with this number: it may have been deleted. Search for it on the products list.' : (sentence ?? 'The product could not be loaded. Please try again.')}</p>
			<p>
				<Link to="/admin/products" className="button ghost small">
					Back to products
				</Link>
			</p>
		</div>
	)
}

/** A product not yet published: only staff see it (ADR-046). */
export function DraftBadge() {
	return <span className="status-pill warning">Draft</span>
}
