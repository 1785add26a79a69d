import { db } from '~/db/client.server'
import { listProducts } from '~/domain/catalogue/list-products.server'
import { linkOrigin } from '~/utils/origin.server'
import type { Route } from './+types/sitemap'
import { onlyMethods } from '~/http/http.server'
import { PUBLIC_PAGES } from '~/public-pages'

const STATIC_PATHS = PUBLIC_PAGES.filter((page) => page.inSitemap).map((page) => page.path)

export async function loader({ request }: Route.LoaderArgs) {
	const origin = linkOrigin(request)
	const products = await listProducts(db())
	const urls = [...STATIC_PATHS, ...products.map((p) => `/product/${p.id}`)]
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `  <url><loc>${origin}${u}</loc></url>`).join('\n')}\n</urlset>\n`
	return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}

export const action = onlyMethods('GET')
