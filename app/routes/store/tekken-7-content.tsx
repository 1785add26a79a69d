import { IncludedContentPage } from '~/components/content/included-content'
import { tekken7Content } from '~/content/site'
import { db } from '~/db/client.server'
import { findProductWith } from '~/domain/catalogue/list-products.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/tekken-7-content'

const TITLE = 'Tekken 7 - Included Content'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: TITLE,
		description: 'Everything included with Tekken 7: modes, fighters, Season Pass characters and stages.',
	})

/** The product whose content this page lists: the one with this page as its content page. */
export async function loader() {
	const product = await findProductWith(db(), { contentPage: '/tekken-7-content' })
	return { productId: product?.id ?? null }
}

export default function Tekken7Content({ loaderData }: Route.ComponentProps) {
	return <IncludedContentPage title={TITLE} productId={loaderData.productId} groups={tekken7Content} />
}
