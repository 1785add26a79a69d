/** Where staff land after signing in when no safe destination was asked for. */
export const DEFAULT_REDIRECT = '/admin-dashboard'

const MAX_LENGTH = 2000
// Control characters (tab, CR, LF, NUL…) are dropped or rejected by URL parsers and headers; a
// backslash is read as a slash by browsers. Neither belongs in a path we send someone to.
const UNSAFE = /[\u0000-\u001f\u007f\\]/

/**
 * `to` when it is a path on the shop's own origin, else the dashboard: never an open redirect.
 * The path is resolved with `URL` against `origin` and must stay there; the answer is the resolved
 * path, so what the browser follows is what was checked.
 */
export function safeRedirect(to: string | null | undefined, origin: string, fallback = DEFAULT_REDIRECT): string {
	if (!to || to.length > MAX_LENGTH || UNSAFE.test(to)) return fallback
	if (!to.startsWith('/') || to.startsWith('//')) return fallback
	let own: URL
	let url: URL
	try {
		own = new URL(origin)
		url = new URL(to, own)
	} catch {
		return fallback
	}
	if (url.origin !== own.origin) return fallback
	const path = url.pathname + url.search + url.hash
	// '/a/..//evil' resolves to '//evil', which a browser reads as another host.
	if (!path.startsWith('/') || path.startsWith('//')) return fallback
	return path
}
