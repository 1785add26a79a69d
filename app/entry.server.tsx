import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import { BootScriptsProvider } from './components/layout/boot-scripts'
import { bootScripts } from './utils/boot-scripts.server'
import { NonceProvider } from './utils/nonce'
import { logger } from './utils/logger.server'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: AppLoadContext,
) {
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

export function handleError(error: unknown, { request }: { request: Request }) {
	if (request.signal.aborted) return
	logger.error({ err: error, url: request.url }, 'request failed')
}
