import { env } from './env.server'
import { singleton } from './singleton.server'

const state = singleton('self-origin', () => ({ origin: null as string | null }))

/** Called once the server listens, so links and the simulator know where the shop is. */
export function setListeningOrigin(origin: string) {
	state.origin = origin
}

/** The shop's address for links in emails and for the built-in PayPro simulator. */
export function publicOrigin(): string {
	const e = env()
	return (e.PUBLIC_URL ?? state.origin ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
}

export const absoluteUrl = (pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicOrigin()}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`)
