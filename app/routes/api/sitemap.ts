import { db } from '~/db/client.server'
import { listProducts } from '~/domain/catalogue/list-products.server'
import { linkOrigin } from '~/utils/origin.server'
import type { Route } from './+types/sitemap'
import { onlyMethods } from '~/http/http.server'
import { findablePages } from '~/public-pages'
import { LANGS, localePath } from '~/i18n/lang'

export async function loader({ request }: Route.LoaderArgs) {
	const origin = linkOrigin(request)
	const products = await listProducts(db())
	const urls = findablePages(products.map((p) => p.id))
	// Each page in both languages, each naming its twin (ADR-032).
	const alternates = (u: string) => LANGS.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${origin}${localePath(lang, u)}"/>`).join('')
	const entries = urls.flatMap((u) => LANGS.map((lang) => `  <url><loc>${origin}${localePath(lang, u)}</loc>${alternates(u)}</url>`))
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`
	return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}

export const action = onlyMethods('GET')
