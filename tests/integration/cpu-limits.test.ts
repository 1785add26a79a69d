import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CPU_MESSAGES } from '../../app/domain/jobs/cpu-limits.server'
import { spawnShop, type ShopProcess } from '../setup/shop-process'

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
		// Warm up (the first request compiles the page), then the idle figures.
		for (const url of targets) for (let i = 0; i < 3; i++) expect((await timed(url)).status).toBe(200)
		const idle: number[] = []
		for (let i = 0; i < 5; i++) for (const url of targets) idle.push((await timed(url)).ms)
		const idleMedian = [...idle].sort((a, b) => a - b)[Math.floor(idle.length / 2)]!

		// 20 wrong sign-ins from 10 addresses, all at once.
		const signIns = Array.from({ length: 20 }, (_, n) => wrongSignIn(shop.url, n, `10.9.0.${n % 10}`))
		await new Promise((resolve) => setTimeout(resolve, 100))
		const busy: number[] = []
		for (let i = 0; i < 3; i++) for (const url of targets) busy.push((await timed(url)).ms)
		const answers = await Promise.all(signIns)
		expect(answers.map((a) => a.status).filter((s) => s !== 401 && s !== 503)).toEqual([])
		// Generous: a busy machine may be slower, but not held for the seconds the hashes take (6 s before they had threads of their own).
		expect(Math.max(...busy)).toBeLessThan(Math.max(10 * idleMedian, 1_500))

		// Far more sign-ins than the cap: the ones beyond it are told to come back, none fails.
		const flood = await Promise.all(Array.from({ length: 40 }, (_, n) => wrongSignIn(shop.url, 100 + n, `10.9.1.${n % 20}`)))
		const statuses = flood.map((a) => a.status)
		expect(statuses.filter((s) => s !== 401 && s !== 503)).toEqual([])
		const refused = flood.filter((a) => a.status === 503)
		expect(refused.length).toBeGreaterThan(0)
		for (const answer of refused) expect(answer.text).toContain(CPU_MESSAGES.signInsBusy)
		// The queue drains: a later sign-in is answered again.
		expect((await wrongSignIn(shop.url, 999, '10.9.2.1')).status).toBe(401)
	})
})
