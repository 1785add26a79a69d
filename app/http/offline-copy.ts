// The one signal between the pages and the shop's service worker (public/sw.js, ADR-034): a page
// may be kept on the buyer's device for offline reading only when its response says so. Every
// other page, and any order page showing codes, is never kept. The name is public/sw.js's too.
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy'

/** The header that lets the worker keep this page, or none. */
export function offlineCopyHeaders(keep: boolean): Record<string, string> {
	return keep ? { [OFFLINE_COPY_HEADER]: 'keep' } : {}
}

/** After a sign-out: the worker drops every page it kept (the page saying so is read with and without scripts). */
export const FORGET_OFFLINE_COPIES: Record<string, string> = { [OFFLINE_COPY_HEADER]: 'forget' }

/** What a route's loader said of its page, said by the page's response too. */
export function offlineCopyFrom(loaderHeaders: Headers): Record<string, string> {
	const value = loaderHeaders.get(OFFLINE_COPY_HEADER)
	return value === 'keep' || value === 'forget' ? { [OFFLINE_COPY_HEADER]: value } : {}
}
