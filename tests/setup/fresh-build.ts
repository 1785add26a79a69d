// Vitest global setup: the tests' shops serve the built shop (tests/setup/test-shop.ts), so the build
// must be of these sources. `npm test` builds just before; a run on its own builds here when any
// source is newer than the build (or there is none), so a test never passes against old code.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { SERVER_BUNDLE } from '../../scripts/server-bundle'

const ROOT = path.resolve(import.meta.dirname, '../..')
const SOURCES = ['app', 'server', 'public', 'scripts', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json']
// The server's own bundle, written after the pages' (scripts/build-server.ts).
const BUILT = path.join(ROOT, SERVER_BUNDLE)

function newestChange(entry: string): number {
	const stat = fs.statSync(entry, { throwIfNoEntry: false })
	if (!stat) return 0
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = stat.mtimeMs
	for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)))
	return newest
}

export default function freshBuild() {
	const built = fs.statSync(BUILT, { throwIfNoEntry: false })?.mtimeMs ?? 0
	const changed = Math.max(...SOURCES.map((source) => newestChange(path.join(ROOT, source))))
	if (built >= changed) return
	console.log(built ? 'the sources changed since the last build: building the shop for the tests' : 'no build yet: building the shop for the tests')
	// As `npm run build` from a shell: a production build (Vitest's NODE_ENV=test would make Vite build
	// the development flavour, without the boot scripts the served shop has).
	execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
}
