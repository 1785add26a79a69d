import { cookiesAreSecure, onlyMethods } from '~/http/http.server'
import { isLang, LANG_COOKIE, localePath, unprefixed } from '~/i18n/lang'
import { isBuyerPage } from '~/public-pages'
import { linkOrigin } from '~/utils/origin.server'
import { safeRedirect } from '~/utils/safe-redirect'
import type { Route } from './+types/language'

/** A year: the choice outlives the visit. */
const REMEMBERED_FOR = 365 * 24 * 60 * 60

/**
 * The language switch (header and footer): `/language?to=ur&next=/products?x=1` remembers the choice
 * and sends the buyer to the same page in that language, with its query (the cart lives in the
 * browser and is the same in both). A plain link, so it works without scripts (ADR-032).
 */
export function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const to = url.searchParams.get('to')
	if (!isLang(to)) return Response.json({ error: 'Choose a language: to=en or to=ur.' }, { status: 400 })
	// The footer's switch names no page (it is drawn once for all): the page it was on is its Referer.
	const asked = safeRedirect(url.searchParams.get('next') ?? pathOfReferer(request, url), linkOrigin(request), '/')
	// Only the buyer's pages have a twin; anywhere else, the home page in that language.
	const next = isBuyerPage(unprefixed(new URL(asked, url).pathname)) ? asked : '/'
	const cookie = [`${LANG_COOKIE}=${to}`, 'Path=/', `Max-Age=${REMEMBERED_FOR}`, 'SameSite=Lax', ...(cookiesAreSecure(request) ? ['Secure'] : [])].join('; ')
	return new Response(null, { status: 303, headers: { Location: localePath(to, next), 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } })
}

/** The path of the page the request came from, when it is this shop's. */
function pathOfReferer(request: Request, url: URL): string | null {
	try {
		const referer = new URL(request.headers.get('referer') ?? '')
		return referer.origin === url.origin ? referer.pathname + referer.search : null
	} catch {
		return null
	}
}

export const action = onlyMethods('GET')
