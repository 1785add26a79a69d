import fs from 'node:fs'
import path from 'node:path'

// The files the source checks in this folder read: every TypeScript file under a folder of the
// repository, named from its root, and their text.

export const ROOT = path.resolve(import.meta.dirname, '../..')

/** TypeScript (and, with `scripts`, plain JS) files under `folder`, relative to the root; tests left out unless `tests`. */
export function sourceFiles(folder: string, { tests = false, scripts = false }: { tests?: boolean; scripts?: boolean } = {}): string[] {
	const root = path.join(ROOT, folder)
	if (!fs.existsSync(root)) return []
	const kinds = scripts ? /\.(ts|tsx|mts|mjs|js)$/ : /\.tsx?$/
	return fs.readdirSync(root, { withFileTypes: true, recursive: true }).flatMap((entry) => {
		const file = path.relative(ROOT, path.join(entry.parentPath, entry.name))
		const wanted = entry.isFile() && kinds.test(entry.name) && !file.includes('node_modules') && (tests || !/\.test\.tsx?$/.test(entry.name))
		return wanted ? [file] : []
	})
}

/** A file's text, by its path from the root. */
export const readSource = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')
