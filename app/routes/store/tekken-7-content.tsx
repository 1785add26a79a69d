import { IncludedContentPage } from '~/components/content/included-content'
import { tekken7Content } from '~/content/site'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/tekken-7-content'

const TITLE = 'Tekken 7 - Included Content'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: TITLE,
		description: 'Everything included with Tekken 7: modes, fighters, Season Pass characters and stages.',
	})

export default function Tekken7Content() {
	return <IncludedContentPage title={TITLE} productId={6} groups={tekken7Content} />
}
