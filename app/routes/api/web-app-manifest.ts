import { db } from '~/db/client.server'
import { webAppManifest } from '~/domain/installable/web-app-manifest'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { onlyMethods } from '~/http/http.server'
import type { Route } from './+types/web-app-manifest'

// GET /manifest.webmanifest[?lang=ur]: the shop as an installable app (ADR-034), named as the store's details say.
export async function loader({ request }: Route.LoaderArgs) {
	const details = await readStoreDetails(db())
	// `?lang=ur` from the Urdu pages; anything else is the English app.
	const lang = new URL(request.url).searchParams.get('lang') === 'ur' ? 'ur' : 'en'
	return new Response(JSON.stringify(webAppManifest({ storeName: details.storeName, lang })), {
		// Asked again each time: a name changed on /admin/store reaches the next install.
		headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' },
	})
}

export const action = onlyMethods('GET')
