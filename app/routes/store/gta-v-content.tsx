import { IncludedContentPage } from '~/components/content/included-content'
import { gtaVContent } from '~/content/site'
import { db } from '~/db/client.server'
import { findProductWith } from '~/domain/catalogue/list-products.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/gta-v-content'

const TITLE = 'Grand Theft Auto V - Included Content'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: TITLE,
		description: 'Everything included with Grand Theft Auto V: Story Mode, GTA Online and the Criminal Enterprise Starter Pack.',
	})

/** The product whose content this page lists: the one with this page as its content page. */
export async function loader() {
	const product = await findProductWith(db(), { contentPage: '/gta-v-content' })
	return { productId: product?.id ?? null }
}

export default function GtaVContent({ loaderData }: Route.ComponentProps) {
	return <IncludedContentPage title={TITLE} productId={loaderData.productId} groups={gtaVContent} />
}
