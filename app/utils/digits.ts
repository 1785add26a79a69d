// Numbers as people type them: an Urdu keyboard types ۰۱۲۳۴۵۶۷۸۹ (Extended Arabic-Indic, U+06F0–06F9),
// an Arabic one ٠١٢٣٤٥٦٧٨٩ (Arabic-Indic, U+0660–0669). Every parser that reads a phone, an amount, a
// code or an order number reads it through `westernDigits` first, so "۰۳۰۰ ۱۲۳۴۵۶۷" is 0300 1234567 on
// the server and in the browser alike. The shop stores and shows Western digits (0–9).

const URDU_ZERO = 0x06f0
const ARABIC_ZERO = 0x0660

/** Urdu and Arabic-Indic digits as 0–9; everything else as typed. */
export function westernDigits(text: string): string {
	return text.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => {
		const code = d.charCodeAt(0)
		return String(code - (code >= URDU_ZERO ? URDU_ZERO : ARABIC_ZERO))
	})
}

/** What people put between a number's groups: spaces of every kind, dashes (hyphen, en/em dash, minus), dots and brackets. */
const GROUP_SEPARATORS = /[\s\-\u2010-\u2015\u2212.()]/g

/** A number as typed, with Western digits and its group separators dropped: "۰۳۰۰-۱۲۳ ۴۵۶۷" → "03001234567". */
export const numberDigits = (text: string): string => westernDigits(text).replace(GROUP_SEPARATORS, '')

/** Western digits, trimmed, and no '#' in front: "#GPU-۱۷۱۲" → "GPU-1712" (an order number, a code). */
export const typedCode = (text: string): string => westernDigits(text).trim().replace(/^#\s*/, '')

/**
 * An amount as typed, ready for its parser's own pattern: Western digits, no "Rs." / "PKR" in front,
 * no group separators (spaces, commas, the Arabic thousands sign), the Arabic decimal sign as a dot:
 * "Rs. ۴,۰۰۰" → "4000". What is left is the parser's to accept or refuse.
 */
export const typedAmount = (text: string): string =>
	westernDigits(text)
		.trim()
		.replace(/^(?:rs|pkr)\.?/i, '')
		.replace(/[\s,\u066C]/g, '')
		.replace(/\u066B/g, '.')
