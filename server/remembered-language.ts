// A buyer who chose Urdu (the language switch sets the `lang` cookie) and then opens a page at its
// English address (a bookmark, a shared link, an email) is sent to its Urdu twin. Before the page cache:
// a cached English page must not answer them. Addresses under /ur are never redirected (a link to Urdu
// shows Urdu), nor are search engines, which carry no cookie (ADR-032).
import type http from 'node:http'
import { readCookie } from '../app/http/cookies'
import { LANG_COOKIE, langOf, localePath } from '../app/i18n/lang'
import { isBuyerPage } from '../app/public-pages'

/** Answers with a redirect to the remembered language's twin when there is one to go to; false otherwise. */
export function redirectToRememberedLanguage(req: http.IncomingMessage, res: http.ServerResponse): boolean {
	if (req.method !== 'GET' && req.method !== 'HEAD') return false
	const cookie = req.headers.cookie
	if (!cookie || !cookie.includes(`${LANG_COOKIE}=`)) return false
	if (readCookie(cookie, LANG_COOKIE) !== 'ur') return false
	const url = req.url ?? '/'
	const cut = url.indexOf('?')
	const pathname = cut === -1 ? url : url.slice(0, cut)
	if (langOf(pathname) !== 'en' || !isBuyerPage(pathname)) return false
	res.writeHead(302, { Location: localePath('ur', url), 'Cache-Control': 'private, no-store', Vary: 'Cookie' })
	res.end()
	return true
}
