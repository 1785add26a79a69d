import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../app/db/client.server'
import { CPU_LIMITS, CPU_MESSAGES } from '../../app/domain/jobs/cpu-limits.server'
import { importLibraryCsv } from '../../app/domain/library/import-library.server'
import { prepareProductImage } from '../../app/domain/media/store-product-image.server'
import { AppError } from '../../app/utils/app-error'
import { spawnShop, type ShopProcess } from '../setup/shop-process'
import { resetData, testDatabase } from '../setup/test-db'

// One visitor must never slow everyone: password hashing (scrypt at full strength, 128 MiB and a
// few hundred ms each) runs on threads of its own with a capped queue, so while strangers try
// passwords, static files and pages (which need Node's own threadpool for files and compression)
// still answer, and the sign-in beyond the cap is told to come back.

/** How long one GET takes, in ms, with its status. */
async function timed(url: string): Promise<{ ms: number; status: number }> {
	const start = performance.now()
	const res = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } })
	await res.arrayBuffer()
	return { ms: performance.now() - start, status: res.status }
}

/** A wrong staff sign-in from `address`: the HTTP status and the page's text. */
async function wrongSignIn(shopUrl: string, n: number, address: string) {
	const res = await fetch(`${shopUrl}/admin/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { Origin: shopUrl, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address },
		body: new URLSearchParams({ email: `nobody${n}@example.pk`, password: `wrong password ${n}` }),
	})
	return { status: res.status, text: await res.text() }
}

describe('CPU-heavy work a stranger can start does not hold everyone else', () => {
	let shop: ShopProcess
	let dataDir: string
	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cpu-'))
		// Full-strength hashing, as a production server does (the test runner's cheap N is left out), on the embedded database.
		shop = await spawnShop({ DATA_DIR: dataDir, PASSWORD_HASH_COST: undefined, TRUST_PROXY: 'true', JOBS_WORKER: 'false' })
	})
	afterAll(async () => {
		await shop?.stop()
		if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
	})

	it('answers a static file and /about quickly while 20 wrong sign-ins hash, and turns away sign-ins beyond the cap with a sentence', { timeout: 120_000 }, async () => {
		const targets = [`${shop.url}/about`, `${shop.url}/favicon.svg`]
		// Warm up (the first request of a page compiles it, in development), then the idle figures.
		for (const url of targets) for (let i = 0; i < 3; i++) expect((await timed(url)).status).toBe(200)
		expect((await wrongSignIn(shop.url, 0, '10.9.3.1')).status).toBe(401)
		const idle: number[] = []
		for (let i = 0; i < 5; i++) for (const url of targets) idle.push((await timed(url)).ms)
		const idleMedian = [...idle].sort((a, b) => a - b)[Math.floor(idle.length / 2)]!

		// 20 wrong sign-ins from 10 addresses, all at once. Once the first is answered the burst of
		// requests has been read and the rest are hashing: files and pages are asked for meanwhile.
		const answers: { status: number; text: string }[] = []
		// The test ends before the last hashes do: their connections close with the shop.
		const signIn = (n: number, address: string) => wrongSignIn(shop.url, n, address).then((a) => answers.push(a), () => {})
		await Promise.race(Array.from({ length: 20 }, (_, n) => signIn(n + 1, `10.9.0.${n % 10}`)))
		const busy: number[] = []
		for (let i = 0; i < 3; i++) for (const url of [...targets].reverse()) busy.push((await timed(url)).ms)
		// Still hashing while they were measured: the figures are of a busy server.
		expect(answers.length).toBeLessThan(20)
		// Generous: a busy machine may be slower, but not held for the seconds the hashes take (6 s before they had threads of their own).
		expect(Math.max(...busy)).toBeLessThan(Math.max(10 * idleMedian, 1_500))

		// More sign-ins than the cap leaves room for: those beyond it are told at once to come back.
		for (let n = 0; n < 25; n++) void signIn(100 + n, `10.9.1.${n % 20}`)
		await expect.poll(() => answers.filter((a) => a.status === 503).length, { timeout: 10_000 }).toBeGreaterThan(0)
		for (const answer of answers) expect([401, 503]).toContain(answer.status)
		for (const answer of answers.filter((a) => a.status === 503)) expect(answer.text).toContain(CPU_MESSAGES.signInsBusy)
	})
})

describe('image conversions and imports wait their turn, and beyond a few are refused with a sentence', () => {
	let database: Database
	beforeAll(async () => {
		database = await testDatabase('pglite')
		await resetData(database)
	})
	afterAll(async () => {
		await resetData(database)
	})

	/** How each of several jobs started at once ended: 'ok' or the refusal's status and sentence. */
	const outcomes = (jobs: Promise<unknown>[]) =>
		Promise.all(jobs.map((job) => job.then(() => 'ok', (error: unknown) => (error instanceof AppError ? `${error.status} ${error.message}` : String(error)))))

	it('converts at most the cap of covers at once and refuses the rest with 503', { timeout: 60_000 }, async () => {
		const cap = CPU_LIMITS.images.inFlight
		const covers = await Promise.all(
			Array.from({ length: cap + 3 }, (_, i) => sharp({ create: { width: 800, height: 800, channels: 3, background: { r: i * 20, g: 90, b: 200 } } }).png().toBuffer()),
		)
		const results = await outcomes(covers.map((bytes) => prepareProductImage(database.db, bytes)))
		expect(results.filter((r) => r === 'ok')).toHaveLength(cap)
		expect(results.filter((r) => r !== 'ok')).toEqual(Array(3).fill(`503 ${CPU_MESSAGES.imagesBusy}`))
	})

	it('imports at most the cap of files at once and refuses the rest with 503', async () => {
		const cap = CPU_LIMITS.imports.inFlight
		const owner = { staffId: null, label: 'owner@example.pk' }
		const csv = (n: number) => ['title,genre,top', ...Array.from({ length: 500 }, (_, i) => `Title ${n}-${i},Action,no`)].join('\n')
		const results = await outcomes(Array.from({ length: cap + 2 }, (_, n) => importLibraryCsv(database.db, owner, csv(n))))
		expect(results.filter((r) => r === 'ok')).toHaveLength(cap)
		expect(results.filter((r) => r !== 'ok')).toEqual(Array(2).fill(`503 ${CPU_MESSAGES.importsBusy}`))
	})
})
