import { IncludedContentPage } from '~/components/content/included-content'
import { gtaVContent } from '~/content/site'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/gta-v-content'

const TITLE = 'Grand Theft Auto V - Included Content'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: TITLE,
		description: 'Everything included with Grand Theft Auto V: Story Mode, GTA Online and the Criminal Enterprise Starter Pack.',
	})

export default function GtaVContent() {
	return <IncludedContentPage title={TITLE} productId={5} groups={gtaVContent} />
}
