import { isAppIconName } from '~/domain/installable/web-app-manifest'
import { renderAppIcon } from '~/domain/installable/render-app-icon.server'
import { onlyMethods } from '~/http/http.server'
import type { Route } from './+types/app-icon'

// GET /icons/app-192.png, app-512.png, app-maskable-512.png: the installed app's icons (ADR-034).
export async function loader({ params }: Route.LoaderArgs) {
	if (!isAppIconName(params.name)) {
		return Response.json({ error: 'This shop has no such icon: its icons are app-192.png, app-512.png and app-maskable-512.png.' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
	}
	const png = await renderAppIcon(params.name)
	return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' } })
}

export const action = onlyMethods('GET')
