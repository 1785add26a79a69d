import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, renderToStaticMarkup, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import { DATABASE_AWAY_RETRY_AFTER_SECONDS, DATABASE_AWAY_STATUS, databaseUnreachable } from './db/unreachable'
import { BootScriptsProvider } from './components/layout/boot-scripts'
import { bootScripts } from './utils/boot-scripts.server'
import { NonceProvider } from './utils/nonce'
import { DIRECTION, langOf } from './i18n/lang'
import { sayIn } from './i18n/messages.server'
import { logger } from './utils/logger.server'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: AppLoadContext,
) {
	// A loader failed only because the database is away (a restart, a failover): a small page in the
	// buyer's language that says to try again in a minute, as a 503 a load balancer and a browser
	// understand, not a 500, and without the shop's scripts, which would only ask the database again.
	if (awayRequests.has(request)) return awayPage(request, loadContext.cspNonce)
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const nonce = loadContext.cspNonce
	return new Promise<Response>((resolve, reject) => {
		const userAgent = request.headers.get('user-agent')
		const readyOption: keyof RenderToPipeableStreamOptions =
			(userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
			() => abort(),
			streamTimeout + 1000,
		)
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<BootScriptsProvider value={import.meta.env.DEV ? null : bootScripts(routerContext)}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</BootScriptsProvider>
			</NonceProvider>,
			{
				nonce,
				[readyOption]() {
					const body = new PassThrough({
						final(callback) {
							clearTimeout(timeoutId)
							timeoutId = undefined
							callback()
						},
					})
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					pipe(body)
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					logger.error({ err: error }, 'render failed')
				},
			},
		)
	})
}

/**
 * Requests whose page failed because the database was away, told by handleError, which sees each
 * route's error as thrown (the page's renderer gets them hidden behind "Unexpected Server Error").
 */
const awayRequests = new WeakSet<Request>()

/** The shop's colours and a readable column, inline (the page loads no stylesheet: it may be the stylesheet's server that is struggling). */
const AWAY_PAGE_STYLE =
	'body{margin:0;background:#0b0f14;color:#eef2f6;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}' +
	'main{max-width:32rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.6rem;line-height:1.3;margin:0 0 .75rem}' +
	'a{display:inline-block;margin-top:.5rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#22c55e;color:#04130a;font-weight:700;text-decoration:none}'
const AWAY_PAGE_URDU_FACE = "@font-face{font-family:'Shop Naskh';src:url(/fonts/urdu-naskh-400.woff2) format('woff2')}body{font-family:'Shop Naskh',serif;line-height:1.9}"

/** The page answered while the database is away: its title, sentence and a link to try again, in the page's language. */
function awayPage(request: Request, nonce: string): Response {
	const url = new URL(request.url)
	const lang = langOf(url.pathname)
	const title = sayIn(lang, 'common.error.away.title')
	const html = renderToStaticMarkup(
		<html lang={lang} dir={DIRECTION[lang]}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<title>{title}</title>
				{/* Urdu in the shop's own face (a phone's fonts may lack some of its letters), as every page draws it. */}
				<style nonce={nonce} dangerouslySetInnerHTML={{ __html: AWAY_PAGE_STYLE + (lang === 'ur' ? AWAY_PAGE_URDU_FACE : '') }} />
			</head>
			<body>
				<main>
					<h1>{title}</h1>
					<p>{sayIn(lang, 'common.error.away.detail')}</p>
					<p>
						<a href={url.pathname + url.search}>{sayIn(lang, 'offline.tryAgain')}</a>
					</p>
				</main>
			</body>
		</html>,
	)
	return new Response(`<!doctype html>${html}`, {
		status: DATABASE_AWAY_STATUS,
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(DATABASE_AWAY_RETRY_AFTER_SECONDS) },
	})
}

export function handleError(error: unknown, { request }: { request: Request }) {
	if (request.signal.aborted) return
	if (databaseUnreachable(error)) {
		awayRequests.add(request)
		logger.warn({ err: error, url: request.url }, 'request failed: the database cannot be reached')
	} else logger.error({ err: error, url: request.url }, 'request failed')
}
