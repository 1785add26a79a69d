import { policyPages, type PolicySlug } from '~/content/policies'
import { db } from '~/db/client.server'
import { renderPolicyPage } from '~/domain/pages/policy-pages.server'
import { pageTokens } from '~/domain/pages/render-markdown.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { fillPlaceholders, pageMeta } from '~/utils/seo'
import type { Route } from './+types/policy'
import { notFound, pageFailure } from '~/http/http.server'

// The policy pages and the FAQ: the owner's Markdown (or the shop's own text), rendered and
// sanitised on the server, so the page ships no script of its own for it.
export async function loader({ request }: Route.LoaderArgs) {
	const slug = new URL(request.url).pathname.replace(/^\/|\/$/g, '') as PolicySlug
	if (!policyPages[slug]) throw pageFailure(notFound('Not found'))
	// The HTML stored when the owner saved the page: no Markdown is rendered for a view. The page's
	// description comes along for its meta tags, so the policies' text never reaches the browser's script.
	const details = await readStoreDetails(db())
	const page = await renderPolicyPage(db(), slug, pageTokens(details))
	return { ...page, description: fillPlaceholders(policyPages[slug].description, { storeName: details.storeName }) }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
	if (!data) return pageMeta(matches, { title: 'Not found', description: '' })
	return pageMeta(matches, { title: data.title, description: data.description })
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
	const { title, lastUpdated, html } = loaderData
	return (
		<article className="container page narrow policy">
			<h1>{title}</h1>
			<p className="muted">Last updated: {lastUpdated}</p>
			{/* Sanitised on the server (renderMarkdown): only headings, paragraphs, lists, links, emphasis and tables. */}
			<div className="policy-body" dangerouslySetInnerHTML={{ __html: html }} />
		</article>
	)
}
