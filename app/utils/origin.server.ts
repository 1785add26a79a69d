import { env } from './env.server'
import { singleton } from './singleton.server'

const state = singleton('self-origin', () => ({ origin: null as string | null, saved: null as string | null }))

/** Called once the server listens, so links and the simulator know where the shop is. */
export function setListeningOrigin(origin: string) {
	state.origin = origin
}

/** The public address the owner saved on the console (ADR-048), as every instance reads it after a change. */
export function keepSavedPublicUrl(url: string | null) {
	state.saved = url
}

/** The shop's address for links in emails and for the built-in PayPro simulator: PUBLIC_URL, else the console's, else where it listens. */
export function publicOrigin(): string {
	const e = env()
	return (e.PUBLIC_URL ?? state.saved ?? state.origin ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
}

/** Whether publicOrigin() is already the shop's address before the server listens (not a port the system will choose). */
export function originKnownBeforeListening(): boolean {
	const e = env()
	return Boolean(e.PUBLIC_URL ?? state.saved) || e.PORT !== 0
}

/**
 * The origin for links a page or file gives out (sitemap, robots.txt, og:url, canonical, previews). In
 * production only the shop's own address (PUBLIC_URL or the console's, else where it listens): never the request's
 * Host header, which anyone can set and a shared cache would keep. In development, the address asked.
 */
export function linkOrigin(request: Request): string {
	const e = env()
	if (e.NODE_ENV === 'production') return publicOrigin()
	return (e.PUBLIC_URL ?? state.saved ?? new URL(request.url).origin).replace(/\/$/, '')
}

export const absoluteUrl = (pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicOrigin()}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`)
