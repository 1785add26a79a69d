import { Link } from 'react-router'
import { useLocalePath, useT } from '~/i18n/use-t'
import { ContentGroups } from './policy-sections'

/** The GTA V and Tekken 7 content pages: what the product includes, and the way back to it (or to the products, when none links here). */
export function IncludedContentPage({ title, productId, groups }: { title: string; productId: number | null; groups: { heading: string; items: string[] }[] }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow">
			<Link to={lp(productId ? `/product/${productId}` : '/products')} className="button ghost">
				<span aria-hidden="true" className="back-arrow">
					←
				</span>{' '}
				{productId ? t('content.included.back') : t('content.included.browse')}
			</Link>
			<h1>{title}</h1>
			<ContentGroups groups={groups} />
		</div>
	)
}
