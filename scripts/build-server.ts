// Runs after `react-router build`: bundles the server's own code (server/index.ts, its start-up and
// the app modules it imports) into build/server/start.js, so `npm start`, the container and the
// tests' shop processes run plain JavaScript: no TypeScript is transpiled at start-up, which halved a
// process's start (5.2 → 2.6 CPU-seconds on this machine) and so a restart on a busy day.
// Packages stay imports of node_modules; the pages are the React Router build beside it, loaded by
// server/start.ts as before. The CPU pool's worker still loads its TypeScript through tsx (cpu-worker.mjs).
import path from 'node:path'
import { build } from 'esbuild'
import { SERVER_BUNDLE } from './server-bundle'

const ROOT = path.resolve(import.meta.dirname, '..')
const started = Date.now()
await build({
	absWorkingDir: ROOT,
	entryPoints: ['server/index.ts'],
	outfile: SERVER_BUNDLE,
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	// Readable stack traces: names and lines as written.
	keepNames: true,
	logLevel: 'warning',
	banner: { js: '// Built by scripts/build-server.ts from server/index.ts: edit the sources, not this file.' },
})
console.log(`bundled the server into ${SERVER_BUNDLE} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
