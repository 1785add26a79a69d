// Makes the Urdu face the shop serves itself (public/fonts/): Noto Naskh Arabic (SIL Open Font
// License, from @fontsource/noto-naskh-arabic) cut down to the letters, marks and signs Urdu is
// written with (app/i18n/urdu-face.ts), as WOFF2. Run again only to change the set: `node --import tsx scripts/subset-urdu-font.ts`.
import fs from 'node:fs'
import path from 'node:path'
import subsetFont from 'subset-font'
import { URDU_RANGES } from '../app/i18n/urdu-face'


const text = URDU_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('')
const source = path.resolve('node_modules/@fontsource/noto-naskh-arabic/files')
const out = path.resolve('public/fonts')
fs.mkdirSync(out, { recursive: true })
for (const weight of [400, 700]) {
	const font = fs.readFileSync(path.join(source, `noto-naskh-arabic-arabic-${weight}-normal.woff2`))
	const subset = await subsetFont(font, text, { targetFormat: 'woff2' })
	fs.writeFileSync(path.join(out, `urdu-naskh-${weight}.woff2`), subset)
	console.log(`urdu-naskh-${weight}.woff2: ${font.length} → ${subset.length} bytes`)
}
