import http from 'node:http'
import https from 'node:https'

export interface JsonResponse {
	status: number
	statusText: string
	headers: http.IncomingHttpHeaders
	body: unknown
}

export class HttpTimeoutError extends Error {}
export class HttpUnavailableError extends Error {}

/**
 * A JSON request with a hard deadline. Written on node:http because PayPro's status call is a GET
 * with a JSON body, which fetch refuses to send.
 */
export function requestJson(
	method: string,
	url: string,
	{ headers = {}, body, timeoutMs }: { headers?: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<JsonResponse> {
	const target = new URL(url)
	const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
	const transport = target.protocol === 'https:' ? https : http
	return new Promise((resolve, reject) => {
		const req = transport.request(
			target,
			{
				method,
				headers: {
					Accept: 'application/json',
					...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : {}),
					...headers,
				},
			},
			(res) => {
				const chunks: Buffer[] = []
				res.on('data', (c: Buffer) => chunks.push(c))
				res.on('end', () => {
					clearTimeout(timer)
					const text = Buffer.concat(chunks).toString('utf8')
					let parsed: unknown = text
					try {
						parsed = text ? JSON.parse(text) : null
					} catch {
						// not JSON: keep the text
					}
					resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, body: parsed })
				})
				res.on('error', (e) => {
					clearTimeout(timer)
					reject(new HttpUnavailableError(e.message))
				})
			},
		)
		const timer = setTimeout(() => {
			req.destroy(new HttpTimeoutError(`No answer from ${target.host} within ${timeoutMs} ms`))
		}, timeoutMs)
		req.on('error', (e) => {
			clearTimeout(timer)
			reject(e instanceof HttpTimeoutError ? e : new HttpUnavailableError(e.message))
		})
		if (payload) req.write(payload)
		req.end()
	})
}
