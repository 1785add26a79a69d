import { Link } from 'react-router'
import { ContentGroups } from './policy-sections'

/** The GTA V and Tekken 7 content pages: what the product includes, and the way back to it (or to the products, when none links here). */
export function IncludedContentPage({ title, productId, groups }: { title: string; productId: number | null; groups: { heading: string; items: string[] }[] }) {
	return (
		<div className="container page narrow">
			<Link to={productId ? `/product/${productId}` : '/products'} className="button ghost">
				<span aria-hidden="true">←</span> {productId ? 'Back to Product' : 'Browse Products'}
			</Link>
			<h1>{title}</h1>
			<ContentGroups groups={groups} />
		</div>
	)
}
