// A deploy replaces build/, while pages opened before it still ask for the scripts they were built
// with: the build keeps the hashed files of the builds before it (scripts/keep-assets.ts) and the
// host serves /assets/* from the current build, then from those (server/built-assets.ts).
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import express from 'express'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KEEP_BUILDS, KEEP_DAYS, keepBuildAssets, keptAssetsDir } from '../../scripts/keep-assets'
import { builtAssets } from '../../server/built-assets'

const DAY = 24 * 60 * 60 * 1000

/** A raw GET: status, headers and the body as sent (not inflated). */
function rawGet(url: string, headers: Record<string, string> = {}) {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
		http
			.get(url, { headers }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (c: Buffer) => chunks.push(c))
				res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
}

describe('hashed assets of earlier builds', () => {
	let root: string
	let clientDir: string
	let keptDir: string
	let server: http.Server | undefined

	beforeEach(() => {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-assets-'))
		clientDir = path.join(root, 'build/client')
		keptDir = keptAssetsDir(root)
	})
	afterEach(async () => {
		if (server) await new Promise((resolve) => server!.close(resolve))
		server = undefined
		fs.rmSync(root, { recursive: true, force: true })
	})

	/** What `react-router build` and precompress leave: build/ emptied, then this build's files with .br and .gz copies. */
	async function build(files: Record<string, string>, now: Date) {
		fs.rmSync(path.join(root, 'build'), { recursive: true, force: true })
		const assets = path.join(clientDir, 'assets')
		fs.mkdirSync(assets, { recursive: true })
		for (const [name, text] of Object.entries(files)) {
			fs.writeFileSync(path.join(assets, name), text)
			fs.writeFileSync(path.join(assets, `${name}.br`), zlib.brotliCompressSync(text))
			fs.writeFileSync(path.join(assets, `${name}.gz`), zlib.gzipSync(text))
		}
		return keepBuildAssets({ assetsDir: assets, keptDir, now })
	}

	async function serve() {
		const app = express()
		app.use('/assets', builtAssets({ clientDir, keptDir }))
		server = http.createServer(app)
		await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
		return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	}

	const contact = (n: number) => `export const contactForm = ${n};`.repeat(80)

	it('serves the previous build’s scripts after a new build replaced them, immutable and precompressed; an unknown one is a 404', async () => {
		await build({ 'contact-AAAA1111.js': contact(1), 'entry.client-CCCC1111.js': 'old entry' }, new Date('2026-01-01T10:00:00Z'))
		// The contact page's module changed: a new hash, and build/ no longer has the old file.
		await build({ 'contact-BBBB2222.js': contact(2), 'entry.client-CCCC1111.js': 'old entry' }, new Date('2026-01-02T10:00:00Z'))
		expect(fs.existsSync(path.join(clientDir, 'assets/contact-AAAA1111.js'))).toBe(false)
		const url = await serve()

		const old = await rawGet(`${url}/assets/contact-AAAA1111.js`)
		expect(old.status).toBe(200)
		expect(old.body.toString()).toBe(contact(1))
		expect(old.headers['content-type']).toMatch(/javascript/)
		expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable')
		const oldBrotli = await rawGet(`${url}/assets/contact-AAAA1111.js`, { 'Accept-Encoding': 'gzip, br' })
		expect(oldBrotli.headers['content-encoding']).toBe('br')
		expect(zlib.brotliDecompressSync(oldBrotli.body).toString()).toBe(contact(1))

		const current = await rawGet(`${url}/assets/contact-BBBB2222.js`)
		expect(current.status).toBe(200)
		expect(current.body.toString()).toBe(contact(2))
		expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable')

		const unknown = await rawGet(`${url}/assets/contact-ZZZZ9999.js`)
		expect(unknown.status).toBe(404)
		expect(unknown.headers['cache-control']).toBe('no-store')
		// The ledger beside the kept files is not served.
		expect((await rawGet(`${url}/assets/builds.json`)).status).toBe(404)
		expect((await rawGet(`${url}/assets/../builds.json`)).status).toBe(404)
	})

	it('the current build wins over a kept file of the same name', async () => {
		await build({ 'app-DDDD.css': 'body{}' }, new Date('2026-01-01T10:00:00Z'))
		fs.writeFileSync(path.join(keptDir, 'files/app-DDDD.css'), 'stale copy')
		const url = await serve()
		expect((await rawGet(`${url}/assets/app-DDDD.css`)).body.toString()).toBe('body{}')
	})

	it(`keeps ${KEEP_BUILDS} builds back, drops builds replaced over ${KEEP_DAYS} days ago, and a rebuild of the same files changes nothing`, async () => {
		const start = Date.parse('2026-03-01T10:00:00Z')
		for (let i = 0; i <= KEEP_BUILDS + 1; i++) await build({ [`page-${i}.js`]: `page ${i}`, 'shared-S.js': 'shared' }, new Date(start + i * 60_000))
		const files = () => fs.readdirSync(path.join(keptDir, 'files')).filter((f) => f.endsWith('.js')).sort()
		// Builds 0 to KEEP_BUILDS + 1: the current one and KEEP_BUILDS before it stay; build 0 is gone.
		expect(files()).not.toContain('page-0.js')
		expect(files()).toContain('page-1.js')
		expect(files()).toContain(`page-${KEEP_BUILDS + 1}.js`)
		expect(files()).toContain('shared-S.js')
		expect(fs.readdirSync(path.join(keptDir, 'files'))).toContain('page-1.js.br')

		const same = await build({ [`page-${KEEP_BUILDS + 1}.js`]: `page ${KEEP_BUILDS + 1}`, 'shared-S.js': 'shared' }, new Date(start + DAY))
		expect(same.pruned).toBe(0)
		expect(files()).toContain('page-1.js')

		// A deploy long after: only the build it replaces (replaced now) stays beside it.
		await build({ 'page-late.js': 'late', 'shared-S.js': 'shared' }, new Date(start + (KEEP_DAYS + 1) * DAY))
		expect(files()).toEqual([`page-${KEEP_BUILDS + 1}.js`, 'page-late.js', 'shared-S.js'])
	})
})
