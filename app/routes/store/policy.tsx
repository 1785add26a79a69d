import { policyPages, type PolicySlug } from '~/content/policies'
import { policyPagesUr } from '~/content/ur/policies'
import { db } from '~/db/client.server'
import { contentMessages } from '~/domain/pages/content-messages.server'
import { renderPolicyPage, renderPolicyPageUrdu } from '~/domain/pages/policy-pages.server'
import { pageTokens } from '~/domain/pages/render-markdown.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { langOf, unprefixed } from '~/i18n/lang'
import { useT } from '~/i18n/use-t'
import { fillPlaceholders, pageMeta } from '~/utils/seo'
import type { Route } from './+types/policy'
import { notFound, pageFailure } from '~/http/http.server'

// The policy pages and the FAQ: the owner's Markdown (or the shop's own text), rendered and
// sanitised on the server, so the page ships no script of its own for it. Their Urdu twins show the
// page's Urdu version, or the English with a note in Urdu when it has none.
export async function loader({ request }: Route.LoaderArgs) {
	const { pathname } = new URL(request.url)
	const lang = langOf(pathname)
	const slug = unprefixed(pathname).replace(/^\/|\/$/g, '') as PolicySlug
	if (!policyPages[slug]) throw pageFailure(notFound('Not found'))
	// The HTML stored when the owner saved the page: no Markdown is rendered for a view. The page's
	// description comes along for its meta tags, so the policies' text never reaches the browser's script.
	const details = await readStoreDetails(db())
	const tokens = pageTokens(details)
	const page = lang === 'ur' ? await renderPolicyPageUrdu(db(), slug, tokens) : { ...(await renderPolicyPage(db(), slug, tokens)), english: false }
	const description = (lang === 'ur' ? policyPagesUr : policyPages)[slug].description
	return { ...page, description: fillPlaceholders(description, { storeName: details.storeName }), messages: contentMessages(lang, 'policy') }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
	if (!data) return pageMeta(matches, { title: 'Not found', description: '' })
	return pageMeta(matches, { title: data.title, description: data.description })
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
	const { title, lastUpdated, html, english } = loaderData
	const t = useT()
	return (
		<article className="container page narrow policy">
			<h1>{title}</h1>
			<p className="muted">{t('content.policy.lastUpdated', { date: lastUpdated })}</p>
			{english ? (
				<p className="policy-language-note" role="note">
					{t('content.policy.englishOnly')}
				</p>
			) : null}
			{/* Sanitised on the server (renderMarkdown): only headings, paragraphs, lists, links, emphasis and tables. */}
			<div className="policy-body" dangerouslySetInnerHTML={{ __html: html }} {...(english ? { lang: 'en', dir: 'ltr' } : {})} />
		</article>
	)
}
