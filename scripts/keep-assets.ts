// Keeps the hashed files (scripts, styles and their .br/.gz copies) of the last few builds beside
// the build, so a page opened before a deploy can still fetch the chunks it was built with after
// `react-router build` has replaced build/ (server/built-assets.ts serves them after the current
// build's). Run by scripts/precompress.ts at the end of `npm run build`.
import fs from 'node:fs/promises'
import path from 'node:path'

/** Builds kept after the one that replaced them: five deploys back. */
export const KEEP_BUILDS = 5
/** Days a replaced build's files stay, at most. */
export const KEEP_DAYS = 14

export interface KeptBuild {
	/** When this build was made, and when the next one replaced it (null: the current build). */
	builtAt: string
	replacedAt: string | null
	/** File names in the build's assets folder. */
	files: string[]
}

interface Ledger {
	builds: KeptBuild[]
}

/** The kept folder, beside build/ (which every build empties): keep it from one deploy to the next. */
export const keptAssetsDir = (root: string) => path.join(root, 'kept-assets')

/** The kept folder's layout: the served files, and the ledger of which build each came from. */
export const keptFiles = (keptDir: string) => path.join(keptDir, 'files')
const ledgerPath = (keptDir: string) => path.join(keptDir, 'builds.json')

async function readLedger(keptDir: string): Promise<Ledger> {
	try {
		const ledger = JSON.parse(await fs.readFile(ledgerPath(keptDir), 'utf8')) as Ledger
		return Array.isArray(ledger.builds) ? ledger : { builds: [] }
	} catch {
		return { builds: [] }
	}
}

const sameFiles = (a: string[], b: string[]) => a.length === b.length && a.every((f, i) => f === b[i])

/**
 * Adds the build in `assetsDir` to the kept folder (its files copied, once), marks the build before
 * it as replaced now, and prunes builds more than `keepBuilds` back or replaced more than `keepDays`
 * ago, with the files no remaining build lists. Building the same files again changes nothing.
 */
export async function keepBuildAssets({
	assetsDir,
	keptDir,
	now = new Date(),
	keepBuilds = KEEP_BUILDS,
	keepDays = KEEP_DAYS,
}: {
	assetsDir: string
	keptDir: string
	now?: Date
	keepBuilds?: number
	keepDays?: number
}): Promise<{ kept: number; pruned: number; files: number }> {
	const files = (await fs.readdir(assetsDir, { withFileTypes: true }))
		.filter((e) => e.isFile())
		.map((e) => e.name)
		.sort()
	const ledger = await readLedger(keptDir)
	const current = ledger.builds.at(-1)
	if (!current || !sameFiles(current.files, files)) {
		if (current) current.replacedAt = now.toISOString()
		ledger.builds.push({ builtAt: now.toISOString(), replacedAt: null, files })
	}

	const dir = keptFiles(keptDir)
	await fs.mkdir(dir, { recursive: true })
	for (const name of files) {
		const target = path.join(dir, name)
		// Hashed names: a file already kept has the same content.
		if (!(await exists(target))) await fs.copyFile(path.join(assetsDir, name), target)
	}

	const oldest = now.getTime() - keepDays * 24 * 60 * 60 * 1000
	const before = ledger.builds.length
	ledger.builds = ledger.builds.filter(
		(b, i) => b.replacedAt === null || (ledger.builds.length - 1 - i <= keepBuilds && Date.parse(b.replacedAt) >= oldest),
	)
	const listed = new Set(ledger.builds.flatMap((b) => b.files))
	for (const name of await fs.readdir(dir)) {
		if (!listed.has(name)) await fs.rm(path.join(dir, name), { force: true })
	}
	await fs.writeFile(ledgerPath(keptDir), JSON.stringify(ledger, null, '\t') + '\n')
	return { kept: ledger.builds.length, pruned: before - ledger.builds.length, files: listed.size }
}

async function exists(file: string) {
	try {
		await fs.access(file)
		return true
	} catch {
		return false
	}
}
