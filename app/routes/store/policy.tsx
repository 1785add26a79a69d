import { PolicySections, useFill } from '~/components/content/policy-sections'
import { policyPages, type PolicySlug } from '~/content/policies'
import { fillPlaceholders, pageMeta } from '~/utils/seo'
import type { Route } from './+types/policy'

export function loader({ request }: Route.LoaderArgs) {
	const slug = new URL(request.url).pathname.replace(/^\/|\/$/g, '') as PolicySlug
	const page = policyPages[slug]
	if (!page) throw new Response('Not found', { status: 404 })
	return { slug }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
	const page = data ? policyPages[data.slug] : null
	if (!page) return pageMeta(matches, { title: 'Not found', description: '' })
	const root = matches.find((m) => m?.id === 'root')?.data as { config: { storeName: string } } | undefined
	return pageMeta(matches, {
		title: page.title,
		description: fillPlaceholders(page.description, { storeName: root?.config.storeName ?? '' }),
	})
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
	const page = policyPages[loaderData.slug]
	const fill = useFill()
	return (
		<article className="container page narrow policy">
			<h1>{page.title}</h1>
			<p className="muted">Last updated: {page.lastUpdated}</p>
			<p className="lead">{fill(page.intro)}</p>
			<PolicySections sections={page.sections} />
		</article>
	)
}
