// A thread of the shop's CPU pools (cpu-limits.server.ts): the work here blocks this thread only,
// never the event loop and never Node's own threadpool (files, DNS, compression, sharp).
// Plain JavaScript, so it loads the same under `node --import tsx` (the server, dev and production)
// and under the test runner; the TypeScript it needs is loaded through tsx's API, which a worker
// thread does not inherit from its parent.
import { Buffer } from 'node:buffer'
import crypto from 'node:crypto'
import { register } from 'tsx/esm/api'

register()

/** scrypt, synchronously on this thread: the asynchronous one would queue on Node's shared threadpool again. */
export function scrypt({ password, salt, keyLength, N, r, p, maxmem }) {
	const key = crypto.scryptSync(password, Buffer.from(salt), keyLength, { N, r, p, maxmem })
	return new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
}

let pages = null
/** Loads the page renderer on this thread (its first use transpiles and loads its libraries): not counted in a render's time. */
export async function loadPages() {
	pages ??= await import('../pages/render-markdown.server.ts')
	return true
}

/** The owner's Markdown to sanitised HTML, with what was left out (render-markdown.server.ts). */
export async function renderPage({ markdown, tokens }) {
	pages ??= await import('../pages/render-markdown.server.ts')
	return pages.renderMarkdownReport(markdown, tokens)
}
