import type { Db } from '../../db/client.server'
import { readUnsubscribeToken, unsubscribe, UNSUBSCRIBE_KINDS, type UnsubscribeKind } from './renewal-unsubscribe.server'

export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Please use the link from the bottom of our email, copied in full.'

export type UnsubscribePage =
	| { ok: true; email: string; kind: UnsubscribeKind; what: string; token: string; done: boolean }
	| { ok: false; message: string }

/** What the unsubscribe page shows for a token: the address and what will stop, or why not. */
export function unsubscribePage(token: string | null, done = false): UnsubscribePage {
	const read = readUnsubscribeToken(token)
	if (!read) return { ok: false, message: BAD_UNSUBSCRIBE_LINK }
	return { ok: true, ...read, what: UNSUBSCRIBE_KINDS[read.kind], token: token!, done }
}

/** The button, or a mail app's one-click POST (RFC 8058): records the choice for the token's address. */
export async function confirmUnsubscribe(db: Db, token: string | null): Promise<UnsubscribePage> {
	const page = unsubscribePage(token)
	if (!page.ok) return page
	await unsubscribe(db, page.email, page.kind)
	return { ...page, done: true }
}
