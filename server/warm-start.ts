// A server that starts (a deploy, a restart, an instance killed and started again) takes its share of
// the traffic at once: on a busy day a cold one drew every public page for the first buyers while the
// rest of them waited, and its first answers were its slowest (ADR-061). So, when the page cache is on,
// it draws the pages first, through its own request handler on a private loopback port, and only then
// listens where the load balancer sends buyers. The drawing is bounded in time: a shop with a huge
// catalogue starts with the busiest pages kept and draws the rest as they are asked for.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { LANGS, localePath } from '../app/i18n/lang'

/** The requests a starting server sends itself: neither logged nor counted as buyers' requests (its one log line says what was drawn). */
const warmUps = new WeakSet<http.IncomingMessage>()
export const isWarmUp = (req: http.IncomingMessage) => warmUps.has(req)

/** Pages drawn at once: one renders while the other waits on the database. */
const AT_ONCE = 2

export interface Warmed {
	/** Pages drawn and kept. */
	drawn: number
	/** Pages left for buyers to ask for (the budget ran out first). */
	left: number
	/** Pages that did not answer 200 (each is drawn on demand, as before). */
	failed: number
	ms: number
}

/** Draws `paths` (one language's), each in every language, through `listener`, within `budgetMs`, as asked of `origin`. */
export async function warmPages(listener: http.RequestListener, origin: string, paths: readonly string[], budgetMs: number): Promise<Warmed> {
	const started = performance.now()
	const addresses = paths.flatMap((path) => LANGS.map((lang) => localePath(lang, path)))
	const server = http.createServer((req, res) => {
		warmUps.add(req)
		listener(req, res)
	})
	await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject))
	const { port } = server.address() as AddressInfo
	const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE })
	let next = 0
	let drawn = 0
	let failed = 0
	const draw = (path: string) =>
		new Promise<boolean>((resolve) => {
			const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { Host: new URL(origin).host, 'Accept-Encoding': 'gzip' } }, (res) => {
				res.resume()
				res.once('end', () => resolve(res.statusCode === 200))
				res.once('error', () => resolve(false))
				res.once('aborted', () => resolve(false))
			})
			// A page that hangs (the database slow to answer) holds the start no longer than the budget.
			req.setTimeout(Math.max(1, budgetMs - (performance.now() - started)), () => req.destroy())
			req.once('error', () => resolve(false))
		})
	const lane = async () => {
		while (next < addresses.length && performance.now() - started < budgetMs) {
			if (await draw(addresses[next++]!)) drawn++
			else failed++
		}
	}
	try {
		await Promise.all(Array.from({ length: AT_ONCE }, lane))
	} finally {
		agent.destroy()
		server.closeAllConnections()
		await new Promise<void>((resolve) => server.close(() => resolve()))
	}
	return { drawn, left: addresses.length - next, failed, ms: Math.round(performance.now() - started) }
}
