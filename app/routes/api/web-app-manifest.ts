import { db } from '~/db/client.server'
import { webAppManifest } from '~/domain/installable/web-app-manifest'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { readAppIcon } from '~/domain/installable/read-app-icon.server'
import { onlyMethods } from '~/http/http.server'
import type { Route } from './+types/web-app-manifest'

// GET /manifest.webmanifest[?lang=ur]: the shop as an installable app (ADR-034), named and drawn as the owner set it on /admin/store.
export async function loader({ request }: Route.LoaderArgs) {
	const [details, icon] = await Promise.all([readStoreDetails(db()), readAppIcon(db())])
	// `?lang=ur` from the Urdu pages; anything else is the English app.
	const lang = new URL(request.url).searchParams.get('lang') === 'ur' ? 'ur' : 'en'
	return new Response(JSON.stringify(webAppManifest({ storeName: details.storeName, appName: details.appName, appShortName: details.appShortName, iconVersion: icon?.base ?? null, lang })), {
		// Asked again each time: a name changed on /admin/store reaches the next install.
		headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' },
	})
}

export const action = onlyMethods('GET')
