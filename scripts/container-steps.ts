// Runs the Dockerfile's steps on this machine, which cannot build images (docs/deploy.md, ADR-056):
//   node --import tsx scripts/container-steps.ts              every stage; `npm ci` linked to this checkout's node_modules
//   node --import tsx scripts/container-steps.ts --install    `npm ci` run as written (with --offline: from npm's cache)
//   node --import tsx scripts/container-steps.ts --keep       leave the stages' folders for a look
// In a fresh temporary folder: a copy of the tracked files as the build context, each stage's COPY and
// RUN as written, then the image's CMD with `node` on PGlite, asked /healthz by the HEALTHCHECK's command.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { prepareImage, runHealthcheck, startImage } from './dockerfile'

const { values } = parseArgs({ options: { install: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false } } })
const repo = path.resolve(import.meta.dirname, '..')
const started = Date.now()
const image = prepareImage(fs.readFileSync(path.join(repo, 'Dockerfile'), 'utf8'), { repo, install: values.install, log: (line) => console.log(line) })
const base = path.dirname(image.root)
let failed = false
try {
	const running = await startImage(image)
	const port = new URL(running.url).port
	const health = runHealthcheck(image, port)
	console.log(`> the image's command answers /healthz on ${running.url}; its HEALTHCHECK exits ${health}`)
	if (health !== 0) failed = true
	await running.stop()
} catch (error) {
	console.error(error instanceof Error ? error.message : error)
	failed = true
}
for (const { step, ms } of image.timings) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${step}`)
console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  in all`)
if (values.keep) console.log(`the stages' folders: ${base}`)
else fs.rmSync(base, { recursive: true, force: true })
process.exit(failed ? 1 : 0)
