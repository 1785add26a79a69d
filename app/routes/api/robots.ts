import { linkOrigin } from '~/utils/origin.server'
import type { Route } from './+types/robots'
import { onlyMethods } from '~/http/http.server'

export function loader({ request }: Route.LoaderArgs) {
	const origin = linkOrigin(request)
	const body = ['User-agent: *', 'Disallow: /checkout', 'Disallow: /payment-details', 'Disallow: /order-status', 'Disallow: /ur/checkout', 'Disallow: /ur/payment-details', 'Disallow: /ur/order-status', 'Disallow: /admin', 'Disallow: /admin-dashboard', 'Disallow: /api/', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
	return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}

export const action = onlyMethods('GET')
