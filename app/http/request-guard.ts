import { hasNul } from '../utils/input'

// Checked by the host before any route runs: an address that cannot be decoded, or that carries a
// NUL character (which PostgreSQL cannot store), is refused with a clear 400 instead of reaching a query.

export const BAD_ADDRESS = 'This address is not valid: it has a broken %-encoding. Please check the link and try again.'
export const NUL_IN_ADDRESS = 'This address contains a character that is not allowed. Please check the link and try again.'

/** Every body the shop accepts is far smaller; the largest is a 10 MB receipt. */
export const MAX_BODY_BYTES = 11 * 1024 * 1024
export const BODY_TOO_LARGE = 'This request is too large. A receipt may be at most 10 MB; everything else is much smaller.'

// A body refused before it was all read is still read to its end and thrown away (server/finish-reading.ts),
// so a client that sends it whole before reading gets the answer instead of a reset connection; within bounds:
/** The most of a refused body read and thrown away (about three receipts' worth). */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024
/** The longest a refused body is read for. */
export const DRAIN_MAX_MS = 15_000
/** Past a bound: how long what still arrives is dropped after the answer, before the connection is cut. */
export const DRAIN_LINGER_MS = 2_000

export interface Refusal {
	status: number
	message: string
}

/** The methods the shop's routes answer; anything else (TRACE, CONNECT, WebDAV's) is refused before them. */
export const KNOWN_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
export const UNKNOWN_METHOD = 'The shop does not answer this kind of request. Please open the address in a browser.'
export const FILE_NOT_FOUND = 'We could not find that file. If a page of the shop asked for it, please reload the page.'

/**
 * The sentence for a refusal that came from the layers in front of the routes (static files, body
 * parsers, express itself): by its status, never their bare status text.
 */
export function refusalFor(status: number): Refusal {
	const message =
		status === 404
			? FILE_NOT_FOUND
			: status === 405 || status === 501
				? UNKNOWN_METHOD
				: status === 413
					? BODY_TOO_LARGE
					: status === 403
						? 'This address cannot be opened. Please check the link and try again.'
						: status === 415
							? 'This request was sent in a form the shop does not read. Please use the shop’s own pages.'
							: status === 408
								? 'This request took too long to arrive. Please try again.'
								: 'This request could not be understood. Please check the address and try again.'
	return { status: status >= 400 && status < 500 ? (status === 501 ? 405 : status) : 400, message }
}

/** Why the request line or its declared size cannot be served, or null when it can. */
export function refuseRequest(rawUrl: string, contentLength: string | undefined, method = 'GET'): Refusal | null {
	if (!KNOWN_METHODS.includes(method)) return { status: 405, message: UNKNOWN_METHOD }
	const q = rawUrl.indexOf('?')
	const path = q < 0 ? rawUrl : rawUrl.slice(0, q)
	let decodedPath: string
	try {
		decodedPath = decodeURIComponent(path)
	} catch {
		return { status: 400, message: BAD_ADDRESS }
	}
	if (hasNul(decodedPath)) return { status: 400, message: NUL_IN_ADDRESS }
	if (q >= 0) {
		// Each %-sequence of the query must decode too: a lone surrogate's bytes (%ED%A0%80) or a cut
		// sequence would otherwise become U+FFFD here and fail in the router later.
		try {
			decodeURIComponent(rawUrl.slice(q + 1).replace(/\+/g, ' '))
		} catch {
			return { status: 400, message: BAD_ADDRESS }
		}
		for (const [key, value] of new URLSearchParams(rawUrl.slice(q + 1))) {
			if (hasNul(key) || hasNul(value)) return { status: 400, message: NUL_IN_ADDRESS }
		}
	}
	if (contentLength && Number(contentLength) > MAX_BODY_BYTES) return { status: 413, message: BODY_TOO_LARGE }
	return null
}

export const BAD_HOST = 'This request names a host that is not valid (the Host header). Please check the address and try again.'

// A host name (letters, digits, dots, hyphens, underscores) or a bracketed IPv6 address, and an optional port.
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_])?\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i

/**
 * Why the Host header (and the proxy's X-Forwarded-Host, when it is trusted) cannot name this shop,
 * or null. Links never come from it in production (PUBLIC_URL does), but the request's own address
 * is built from it, so a value that is no host at all is refused here instead of failing later.
 */
export function refuseHost(host: string | undefined, forwardedHost: string | undefined): Refusal | null {
	for (const value of [host, forwardedHost?.split(',')[0]?.trim()]) {
		if (value === undefined) continue
		const match = HOST.exec(value)
		if (!match || (match[1] !== undefined && Number(match[1]) > 65535)) return { status: 400, message: BAD_HOST }
	}
	return null
}

/** Calls, callbacks and streams answer JSON; pages answer a page. */
export function wantsJson(path: string, accept: string | undefined): boolean {
	if (/^\/(api|\.netlify|paypro)\//.test(path)) return true
	const a = accept ?? ''
	return a.includes('application/json') && !a.includes('text/html')
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A small page of its own: the request never reached the app, so the shop's layout is not rendered. */
export function refusalPage(status: number, message: string, storeName: string): string {
	const title = status === 413 ? 'Request too large' : status === 403 ? 'Request refused' : status === 404 ? 'Not found' : status === 405 ? 'Request not answered' : 'Bad request'
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title} | ${escapeHtml(storeName)}</title><style>body{font:16px/1.5 system-ui,sans-serif;background:#0b0f19;color:#e5e7eb;margin:0;display:grid;place-items:start center;min-height:100vh;padding:1rem;box-sizing:border-box}main{max-width:32rem;width:100%;padding-top:15vh}a{display:inline-block;background:#22c55e;color:#052e16;font-weight:700;text-decoration:none;padding:.6rem 1.1rem;border-radius:10px}</style></head><body><main><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">Return to Home</a></p></main></body></html>`
}

// ——— Cross-site writes ———

export const CROSS_SITE_REFUSED = 'This request came from another website and was refused. Please use the shop’s own pages.'

/** State-changing requests that may come from elsewhere: PayPro's server calls its callback. */
export const CROSS_SITE_EXEMPT_PATHS: readonly string[] = ['/paypro/uis']

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface RequestOrigin {
	/** The Origin header, if sent. */
	origin: string | null | undefined
	/** The Sec-Fetch-Site header, if sent. */
	secFetchSite: string | null | undefined
	/** Origins that are the shop's own: the request's own, and PUBLIC_URL's. */
	own: readonly string[]
}

/**
 * Whether a browser sent this request from another site: an Origin that is not the shop's
 * ('null' included), or, without an Origin, Sec-Fetch-Site saying cross-site or same-site. A
 * request with neither (a script, curl, PayPro's server) is not a browser's cross-site post.
 */
export function isCrossSite({ origin, secFetchSite, own }: RequestOrigin): boolean {
	if (origin) return !own.includes(origin)
	return secFetchSite === 'cross-site' || secFetchSite === 'same-site'
}

/**
 * The one rule for every route, checked by the host before any route runs: a state-changing
 * request (not GET, HEAD or OPTIONS) from another site is refused, except PayPro's callback and
 * calls carrying an X-ADMIN-KEY (a header no other site's page can send without the shop's
 * consent, which it never gives; the key itself is checked by the route).
 */
export function refuseCrossSite(method: string, path: string, headers: { origin?: string | null; secFetchSite?: string | null; adminKey?: string | null }, own: readonly string[]): Refusal | null {
	if (SAFE_METHODS.has(method.toUpperCase())) return null
	if (CROSS_SITE_EXEMPT_PATHS.includes(path.replace(/\/+$/, '') || '/')) return null
	if (headers.adminKey != null) return null
	return isCrossSite({ origin: headers.origin, secFetchSite: headers.secFetchSite, own }) ? { status: 403, message: CROSS_SITE_REFUSED } : null
}
