import { db } from '~/db/client.server'
import { MEDIA_KEY } from '~/domain/media/media-files'
import { readMedia } from '~/domain/media/read-media.server'
import { onlyMethods } from '~/http/http.server'
import type { Route } from './+types/media'

// GET /media/{key}: an uploaded image's file, from the database, so every instance serves it. A key
// is a hash of the content, so what it names never changes: browsers and CDNs keep it for a year.

const IMMUTABLE = 'public, max-age=31536000, immutable'

const refuse = (status: number, message: string) =>
	new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function loader({ request, params }: Route.LoaderArgs) {
	const key = params.key
	if (!MEDIA_KEY.test(key)) return refuse(400, 'This is not the address of an image of the shop.')
	const etag = `"${key}"`
	// A key's content never changes: a browser that has it has the current one.
	if (request.headers.get('if-none-match')?.split(/\s*,\s*/).includes(etag)) {
		return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': IMMUTABLE } })
	}
	const file = await readMedia(db(), key)
	if (!file) return refuse(404, 'There is no image at this address.')
	return new Response(new Uint8Array(file.bytes), {
		headers: {
			'Content-Type': file.contentType,
			'Content-Length': String(file.bytes.byteLength),
			'Cache-Control': IMMUTABLE,
			ETag: etag,
		},
	})
}

export const action = onlyMethods('GET', 'HEAD')
