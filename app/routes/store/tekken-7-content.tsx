import { contentMeta } from '~/components/content/content-meta'
import { IncludedContentPage } from '~/components/content/included-content'
import { tekken7Content } from '~/content/site'
import { tekken7Content as tekken7ContentUr } from '~/content/ur/site'
import { db } from '~/db/client.server'
import { findProductWith } from '~/domain/catalogue/list-products.server'
import { contentMessages } from '~/domain/pages/content-messages.server'
import { langOf } from '~/i18n/lang'
import { useT } from '~/i18n/use-t'
import type { Route } from './+types/tekken-7-content'

export const meta: Route.MetaFunction = ({ matches }) => contentMeta(matches, 'content.included.tekkenTitle', 'content.included.tekkenDescription')

/** The product whose content this page lists (the one with this page as its content page), and the list in the page's language. */
export async function loader({ request }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	const product = await findProductWith(db(), { contentPage: '/tekken-7-content' })
	return { productId: product?.id ?? null, groups: lang === 'ur' ? tekken7ContentUr : tekken7Content, messages: contentMessages(lang, 'included') }
}

export default function Tekken7Content({ loaderData }: Route.ComponentProps) {
	const t = useT()
	return <IncludedContentPage title={t('content.included.tekkenTitle')} productId={loaderData.productId} groups={loaderData.groups} />
}
