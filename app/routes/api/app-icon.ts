import { isAppIconName } from '~/domain/installable/web-app-manifest'
import { appIconPng } from '~/domain/installable/read-app-icon.server'
import { db } from '~/db/client.server'
import { onlyMethods } from '~/http/http.server'
import type { Route } from './+types/app-icon'

// GET /icons/app-192.png, app-512.png, app-maskable-512.png: the installed app's icons (ADR-034), the owner's upload or the shop's logo.
export async function loader({ params, request }: Route.LoaderArgs) {
	if (!isAppIconName(params.name)) {
		return Response.json({ error: 'This shop has no such icon: its icons are app-192.png, app-512.png and app-maskable-512.png.' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
	}
	const { png, version } = await appIconPng(db(), params.name)
	// The manifest names the owner's icon with its version (?v=): that address never changes content. Without it, an hour, so a new icon arrives.
	const asked = new URL(request.url).searchParams.get('v')
	const cache = version && asked === version ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'
	return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png', 'Cache-Control': cache } })
}

export const action = onlyMethods('GET')
