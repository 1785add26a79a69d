import { contentMeta } from '~/components/content/content-meta'
import { IncludedContentPage } from '~/components/content/included-content'
import { gtaVContent } from '~/content/site'
import { gtaVContent as gtaVContentUr } from '~/content/ur/site'
import { db } from '~/db/client.server'
import { findProductWith } from '~/domain/catalogue/list-products.server'
import { contentMessages } from '~/domain/pages/content-messages.server'
import { langOf } from '~/i18n/lang'
import { useT } from '~/i18n/use-t'
import type { Route } from './+types/gta-v-content'

export const meta: Route.MetaFunction = ({ matches }) => contentMeta(matches, 'content.included.gtaTitle', 'content.included.gtaDescription')

/** The product whose content this page lists (the one with this page as its content page), and the list in the page's language. */
export async function loader({ request }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	const product = await findProductWith(db(), { contentPage: '/gta-v-content' })
	return { productId: product?.id ?? null, groups: lang === 'ur' ? gtaVContentUr : gtaVContent, messages: contentMessages(lang, 'included') }
}

export default function GtaVContent({ loaderData }: Route.ComponentProps) {
	const t = useT()
	return <IncludedContentPage title={t('content.included.gtaTitle')} productId={loaderData.productId} groups={loaderData.groups} />
}
