// Numbers in right-to-left sentences (ADR-032): in an Urdu sentence a number such as "0300 1234567" is
// drawn as two runs in the wrong order, may break across lines, and drags the full stop after it in
// front of its last group. The words layer (translate.ts) passes every Urdu sentence through
// `isolateNumbers`: each such number (its group spaces, dashes, dots and commas, and a "+" / "#" / "$"
// in front) becomes one left-to-right isolate, its spaces no-break ones, so it reads whole, in order,
// and the sentence's punctuation stays where it was written.

/** Left-to-right isolate and pop directional isolate: what sits between reads left to right as one unit. */
export const LRI = '\u2066'
export const PDI = '\u2069'
const NBSP = '\u00A0'

// Left alone: an isolate the catalogue wrote itself, and addresses (a link or an email keeps its characters).
const LEFT_ALONE = String.raw`[\u2066-\u2068][^\u2069]*\u2069|\b(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+`
// A left-to-right run: Latin letters and digits in groups joined by one space, dash, dot, comma, colon or
// slash, with a currency or sign in front ("0300 1234567", "Rs. 4,000", "#GPU-1712-3"); isolated when
// `needsIsolating` says so.
const GROUP = String.raw`[0-9A-Za-z]+`
const NUMBER = String.raw`(?:(?:Rs|PKR)\.[ \u00A0]?|US\$|[+#$])?${GROUP}(?:[ \u00A0.,:/\-–]${GROUP})*`
const PATTERN = new RegExp(`(${LEFT_ALONE})|${NUMBER}`, 'g')

/**
 * A number in groups or with a sign ("0300 1234567", "+92 300 1234567", "24/7", "4.5"): its digits
 * alone are weak and the groups would be ordered right to left. A bare "12" already reads right, and a
 * run with a Latin letter ("Rs. 4,000", "Tekken 7", "GPU-1712-3") is left to right by that letter.
 */
const needsIsolating = (run: string) => /[0-9]/.test(run) && !/^[0-9]+$/.test(run) && !/[A-Za-z]/.test(run)

/** `text` with each number wrapped in a left-to-right isolate and kept on one line (right-to-left sentences only). */
export function isolateNumbers(text: string): string {
	return text.replace(PATTERN, (match, leftAlone: string | undefined) => (leftAlone || !needsIsolating(match) ? match : `${LRI}${match.replace(/ /g, NBSP)}${PDI}`))
}
