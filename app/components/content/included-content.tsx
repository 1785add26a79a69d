import { Link } from 'react-router'
import { ContentGroups } from './policy-sections'

/** The GTA V and Tekken 7 content pages: what the product includes, and the way back to it. */
export function IncludedContentPage({ title, productId, groups }: { title: string; productId: number; groups: { heading: string; items: string[] }[] }) {
	return (
		<div className="container page narrow">
			<Link to={`/product/${productId}`} className="button ghost">
				<span aria-hidden="true">←</span> Back to Product
			</Link>
			<h1>{title}</h1>
			<ContentGroups groups={groups} />
		</div>
	)
}
