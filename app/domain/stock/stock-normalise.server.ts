import { remove as removeConfusables } from 'confusables'

// How two stock codes are compared (issue 21: stock that cannot be sold twice). The normalised form
// is only ever hashed into the unit's fingerprint; the code itself is stored and delivered exactly
// as imported. Steps: Unicode NFKC (fullwidth and compatibility forms), format characters removed
// (zero-width space, soft hyphen, word joiner, BOM, direction marks: \p{Cf}), every dash and the
// minus sign folded to '-', Cyrillic and Greek letters that look Latin folded to Latin (the
// `confusables` table), then case, spaces and hyphens ignored as before.
//
// The look-alike table is applied to Cyrillic and Greek letters only: on anything else it would
// fold Latin letters beyond ASCII (ß to B) or symbols (€ to E) into other codes. It never changes
// ASCII, so 0/O, 1/l/I, 5/S and rn/m stay different codes (unit-tested beside this file).

const FORMAT = /\p{Cf}/gu
const DASHES = /[\p{Pd}\u2212]/gu
const LOOK_ALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}]/gu
/** The table folds a few capitals to a small letter that is another Latin letter once cased (Cyrillic І to 'l'). */
const CAPITAL_FIXES: Record<string, string> = { l: 'I' }
/** …and a few small letters to a capital that is not the letter they look like. */
const SMALL_FIXES: Record<string, string> = { ι: 'i' }

function foldLookAlike(ch: string): string {
	if (SMALL_FIXES[ch]) return SMALL_FIXES[ch]
	const folded = removeConfusables(ch)
	const isCapital = ch !== ch.toLowerCase()
	if (isCapital && folded.length === 1 && folded !== folded.toUpperCase()) return CAPITAL_FIXES[folded] ?? folded.toUpperCase()
	return folded
}

/** The form a code's fingerprint is taken from: look-alikes, dashes, invisible characters, case and spaces do not make another code. */
export function normaliseCode(code: string): string {
	return code
		.normalize('NFKC')
		.replace(FORMAT, '')
		.replace(DASHES, '-')
		.replace(LOOK_ALIKE_SCRIPTS, foldLookAlike)
		.replace(/[\s-]+/g, '')
		.toUpperCase()
}

export const CODE_NOTES = {
	invisible: 'contains invisible characters: kept as imported, compared without them',
	lookAlike: 'contains Cyrillic or Greek letters that look Latin: kept as imported, compared as Latin',
}

/** What the comparison ignores in a code that is still imported: the import report says so. */
export function codeNotes(code: string): string[] {
	const notes: string[] = []
	if (/\p{Cf}/u.test(code.normalize('NFKC'))) notes.push(CODE_NOTES.invisible)
	if (/[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(code.normalize('NFKC'))) notes.push(CODE_NOTES.lookAlike)
	return notes
}
