import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, test } from './helpers'

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../build/client')

/** A raw GET: the body as it came over the wire, not inflated. */
function rawGet(url: string, acceptEncoding: string) {
	return new Promise<{ status: number; encoding: string; vary: string; body: Buffer }>((resolve, reject) => {
		http
			.get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (c: Buffer) => chunks.push(c))
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						encoding: String(res.headers['content-encoding'] ?? 'identity'),
						vary: String(res.headers.vary ?? ''),
						body: Buffer.concat(chunks),
					}),
				)
			})
			.on('error', reject)
	})
}

test('scripts, styles and images arrive precompressed: Brotli when accepted, else gzip, each the built file', async ({ request, baseURL }) => {
	const html = await (await request.get('/')).text()
	// Links and images in the markup, and the scripts the boot script will load.
	const urls = [...html.matchAll(/"(\/(?:assets|images)\/[^"]+\.(?:js|css|svg))"/g)].map((m) => m[1])
	expect(urls.length).toBeGreaterThan(3)
	let checked = 0
	for (const pathname of new Set(urls)) {
		const built = fs.readFileSync(path.join(CLIENT_DIR, pathname))
		// Small files are compressed only when that saves more than the headers add (scripts/precompress.ts): checked from 1 KB.
		if (built.length < 1024) continue
		checked++

		const br = await rawGet(`${baseURL}${pathname}`, 'gzip, deflate, br')
		expect(br.status, pathname).toBe(200)
		expect(br.encoding, pathname).toBe('br')
		expect(br.vary).toMatch(/Accept-Encoding/i)
		expect(zlib.brotliDecompressSync(br.body).equals(built), pathname).toBe(true)

		const gz = await rawGet(`${baseURL}${pathname}`, 'gzip')
		expect(gz.encoding, pathname).toBe('gzip')
		expect(zlib.gunzipSync(gz.body).equals(built), pathname).toBe(true)
		// Zopfli at build time beats compressing on the fly.
		expect(gz.body.length, pathname).toBeLessThan(zlib.gzipSync(built, { level: 6 }).length)

		const plain = await rawGet(`${baseURL}${pathname}`, 'identity')
		expect(plain.encoding, pathname).toBe('identity')
		expect(plain.body.equals(built), pathname).toBe(true)
	}
	expect(checked).toBeGreaterThan(3)
})
