// The container for those who deploy one (ADR-056, docs/deploy.md). This machine cannot build images,
// so the test reads the Dockerfile as Docker would and checks each step names what the repository has,
// then runs the image's last stage as written (its COPY steps, its RUN, its CMD with `node`) on the
// build the tests serve, and asks /healthz with the HEALTHCHECK's own command. Every stage, the build
// included, runs with `node --import tsx scripts/container-steps.ts`.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseDockerfile, prepareImage, runHealthcheck, startImage, type PreparedImage, type StartedImage } from '../../scripts/dockerfile'
import { SERVER_BUNDLE } from '../../scripts/server-bundle'

const repo = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8')
const dockerfile = read('Dockerfile')
const stages = parseDockerfile(dockerfile)
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string> }
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: repo, encoding: 'utf8' }).split('\n').filter(Boolean))
const inContext = (source: string) => source === '.' || tracked.has(source) || [...tracked].some((file) => file.startsWith(`${source.replace(/\/$/, '')}/`))

describe('the Dockerfile', () => {
	const runtime = stages.at(-1)!
	const steps = (op: string) => stages.flatMap((stage) => stage.steps.filter((s) => s.op === op).map((s) => ({ stage, ...s })))

	it('builds in one stage, installs the server’s dependencies in another and runs the built app as an unprivileged user', () => {
		expect(stages.map((s) => s.name)).toEqual(['build', 'deps', '2'])
		expect(new Set(stages.map((s) => s.base))).toEqual(new Set([`node:20.19-bookworm-slim`]))
		expect(runtime.steps.find((s) => s.op === 'USER')?.args).toEqual(['node'])
		expect(runtime.steps.find((s) => s.op === 'CMD')?.exec).toEqual(['node', SERVER_BUNDLE])
		expect(runtime.steps.find((s) => s.op === 'HEALTHCHECK')?.exec?.join(' ')).toContain('/healthz')
		// The runtime takes nothing from the build context itself: only what the build made.
		expect(runtime.steps.filter((s) => s.op === 'COPY' && !s.flags.from)).toEqual([])
	})

	it('copies only what the repository has, runs only scripts package.json names, and starts a file that exists', () => {
		for (const copy of steps('COPY').filter((s) => !s.flags.from)) {
			for (const source of copy.args.slice(0, -1)) expect(inContext(source), `COPY ${source}`).toBe(true)
		}
		for (const copy of steps('COPY').filter((s) => s.flags.from)) {
			expect(stages.slice(0, stages.indexOf(copy.stage)).map((s) => s.name), `COPY --from=${copy.flags.from}`).toContain(copy.flags.from)
			for (const source of copy.args.slice(0, -1)) {
				// What the build made (the tests' run built it the same way), else a tracked file or folder.
				const relative = path.relative('/app', source)
				expect(fs.existsSync(path.join(repo, relative)) && (['build', 'kept-assets', 'node_modules'].includes(relative) || inContext(relative)), `COPY --from ${source}`).toBe(true)
			}
		}
		for (const run of steps('RUN')) {
			for (const [, script] of run.text.matchAll(/npm run (\S+)/g)) expect(Object.keys(pkg.scripts), run.text).toContain(script)
		}
		expect(fs.existsSync(path.join(repo, SERVER_BUNDLE))).toBe(true)
		// `npm ci --omit=dev` leaves the dev tools out: what the command and the built server import is a
		// dependency (tsx too: the CPU pool's worker loads its TypeScript through it).
		expect(Object.keys(pkg.dependencies)).toContain('tsx')
		const bundle = read('build/server/index.js') + read(SERVER_BUNDLE)
		const specifiers = [...bundle.matchAll(/^import\s+(?:[^;]*?\s+from\s+)?["']([^"']+)["']/gm), ...bundle.matchAll(/\bimport\(["']([^"']+)["']\)/g)].map((m) => m[1]!)
		const imported = new Set(specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('node:')).map((s) => /^(@[^/]+\/[^/]+|[^/]+)/.exec(s)![1]!))
		expect(imported).toContain('react-router')
		// Vite only when NODE_ENV=development (server/start.ts), which the image never is.
		const developmentOnly = ['vite']
		expect([...imported].filter((name) => !(name in pkg.dependencies) && !developmentOnly.includes(name))).toEqual([])
	})

	it('is what compose.yaml builds twice, behind the nginx configuration it mounts', () => {
		const compose = read('compose.yaml')
		const nginx = read('deploy/nginx.conf')
		expect(compose).toContain('build: .')
		for (const instance of ['shop-1', 'shop-2']) {
			expect(compose).toContain(`  ${instance}:\n    <<: *shop`)
			expect(nginx).toContain(`server ${instance}:3000`)
		}
		expect(compose).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro')
		expect(nginx).toContain('proxy_set_header X-Request-Id $request_id;')
	})
})

describe('the image’s last stage, run as written', () => {
	let running: StartedImage | null = null
	let image: PreparedImage | null = null
	afterAll(async () => {
		await running?.stop()
		if (image) fs.rmSync(path.dirname(image.root), { recursive: true, force: true })
	})

	it('serves /healthz with `node` on PGlite in its data folder, logs each request with its id, and its HEALTHCHECK says healthy', async () => {
		image = prepareImage(dockerfile, { repo, runtimeOnly: true })
		expect(image.env).toMatchObject({ NODE_ENV: 'production', PORT: '3000' })
		// The RUN of the last stage made the data folder (inside the stage's own folder here).
		expect(image.env.DATA_DIR).toBe(path.join(image.root, 'home/node/data'))
		expect(fs.statSync(image.env.DATA_DIR!).isDirectory()).toBe(true)
		// Time enough to draw every page on a busy machine (WARM_START_SECONDS, 10 s by default).
		running = await startImage(image, { env: { LOG_LEVEL: 'info', WARM_START_SECONDS: '90' } })
		const health = await fetch(`${running.url}/healthz`)
		expect(health.status).toBe(200)
		expect(await health.json()).toEqual({ status: 'ok' })
		expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
		expect(runHealthcheck(image, new URL(running.url).port)).toBe(0)
		expect(running.output()).toContain('"database":"pglite"')
		// Before it listened, it drew the public pages (ADR-061), in both languages, all of them answered: then /products is a kept page.
		const warmed = JSON.parse(running.output().split('\n').find((line) => line.includes('drew the public pages before taking traffic'))!) as { drawn: number; failed: number; left: number }
		expect(warmed.drawn).toBeGreaterThan(40)
		expect([warmed.failed, warmed.left]).toEqual([0, 0])
		// Each log line of a request names it: the id nginx sends ($request_id) is the one logged and answered.
		const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'
		const page = await fetch(`${running.url}/products`, { headers: { 'X-Request-Id': '5f2c8a0e9b7d4c1aa3e6f0b2c4d6e8f0', 'User-Agent': phone } })
		expect(page.status).toBe(200)
		expect(page.headers.get('x-request-id')).toBe('5f2c8a0e9b7d4c1aa3e6f0b2c4d6e8f0')
		expect(page.headers.get('x-page-cache')).toBe('hit')
		await page.text()
		await expect.poll(() => running!.output().split('\n').find((line) => line.includes('"url":"/products"'))).toContain('"requestId":"5f2c8a0e9b7d4c1aa3e6f0b2c4d6e8f0"')
		await running.stop()
		// Stopped: the same check says unhealthy.
		expect(runHealthcheck(image, new URL(running.url).port)).not.toBe(0)
		// A first start migrates and seeds a new PGlite folder: as long as a test shop's, in a process of its own.
	}, 150_000)
})
