// A plain HTTP GET that sends only the headers it is given (fetch adds Accept-Encoding by itself)
// and returns the body exactly as it came over the wire (still compressed, if it was).
import http from 'node:http'

export interface RawResponse {
	status: number
	headers: http.IncomingHttpHeaders
	/** The raw header list, names spelled as the server sent them. */
	rawHeaders: string[]
	body: Buffer
}

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
	return new Promise((resolve, reject) => {
		const req = http.get(url, { headers, agent: false, timeout: 30_000 }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (chunk: Buffer) => chunks.push(chunk))
			res.on('end', () =>
				resolve({
					status: res.statusCode ?? 0,
					headers: res.headers,
					rawHeaders: res.rawHeaders,
					body: Buffer.concat(chunks),
				}),
			)
			res.on('error', reject)
		})
		req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)))
		req.on('error', reject)
	})
}
