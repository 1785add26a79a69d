// Runs after `react-router build`: writes a Zopfli gzip (.gz) and a Brotli (.br) copy of every
// built script, stylesheet and SVG next to it, so the server sends the smallest bytes without
// compressing on each request. Zopfli gzip is about 3% smaller than zlib's best and any gzip reader
// inflates it; Brotli at quality 11 is smaller again for the browsers that accept it.
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'
import { keepBuildAssets, keptAssetsDir } from './keep-assets'

const brotli = promisify(zlib.brotliCompress)
const ROOT = path.resolve(import.meta.dirname, '../build/client')
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml)$/
/**
 * A compressed copy is kept only when it saves more than the headers it adds (Content-Encoding, Vary:
 * about 50 bytes). Most of a page's small chunks (a few hundred bytes up to 1 KB) still shrink by half.
 */
const MIN_SAVING = 64
/** Below this nothing shrinks by MIN_SAVING. */
const MIN_BYTES = 128

async function* files(dir: string): AsyncGenerator<string> {
	for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) yield* files(full)
		else if (COMPRESSIBLE.test(entry.name)) yield full
	}
}

async function precompress(file: string) {
	const body = await fs.readFile(file)
	if (body.length < MIN_BYTES) return { raw: 0, gz: 0, br: 0 }
	const [gz, br] = await Promise.all([
		gzipAsync(body, { numiterations: 15 }),
		brotli(body, {
			params: {
				[zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
				[zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
			},
		}),
	])
	if (gz.length + MIN_SAVING > body.length) return { raw: 0, gz: 0, br: 0 }
	await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)])
	return { raw: body.length, gz: gz.length, br: br.length }
}

const started = Date.now()
const totals = { files: 0, raw: 0, gz: 0, br: 0 }
for await (const file of files(ROOT)) {
	const sizes = await precompress(file)
	if (!sizes.raw) continue
	totals.files++
	totals.raw += sizes.raw
	totals.gz += sizes.gz
	totals.br += sizes.br
}
const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`
console.log(
	`precompressed ${totals.files} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
		`${kb(totals.raw)} → gzip ${kb(totals.gz)}, brotli ${kb(totals.br)}`,
)

// Last, so the kept copies include the .br and .gz files.
const kept = await keepBuildAssets({ assetsDir: path.join(ROOT, 'assets'), keptDir: keptAssetsDir(path.resolve(ROOT, '../..')) })
console.log(`kept-assets/: the hashed files of ${kept.kept} builds (${kept.files} files), for pages opened before a deploy`)
