// The characters the shop's Urdu face carries (public/fonts/urdu-naskh-*.woff2, cut by
// scripts/subset-urdu-font.ts; app.css names the same set as its unicode-range). Urdu's letters,
// its marks and punctuation, Urdu digits, the joiners and direction marks: not the Arabic-script
// letters of other languages nor Quranic marks, which a phone's own fonts draw if ever typed.
// Checked against every Urdu text the shop ships (urdu-face.test.ts).

export const URDU_RANGES: [number, number][] = [
	[0x060c, 0x060c], // ، comma
	[0x061b, 0x061b], // ؛ semicolon
	[0x061f, 0x061f], // ؟ question mark
	[0x0621, 0x063a], // ء … غ
	[0x0640, 0x0652], // tatweel, ف … ي, the short vowels
	[0x0654, 0x0654], // hamza above
	[0x066a, 0x066c], // ٪ and the number separators
	[0x0670, 0x0670], // superscript alef
	[0x0679, 0x0679], // ٹ
	[0x067e, 0x067e], // پ
	[0x0686, 0x0686], // چ
	[0x0688, 0x0688], // ڈ
	[0x0691, 0x0691], // ڑ
	[0x0698, 0x0698], // ژ
	[0x06a9, 0x06a9], // ک
	[0x06af, 0x06af], // گ
	[0x06ba, 0x06ba], // ں
	[0x06be, 0x06be], // ھ
	[0x06c0, 0x06c3], // ۀ ہ ۂ ۃ
	[0x06cc, 0x06cc], // ی
	[0x06d2, 0x06d4], // ے ۓ ۔
	[0x06f0, 0x06f9], // Urdu digits
	[0x200c, 0x200f], // joiners and direction marks
	[0xfdf2, 0xfdf2], // ﷲ
	[0xfdfd, 0xfdfd], // ﷽
]

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0')

/** The set as a CSS unicode-range: 'U+060C, U+0621-063A, …'. */
export const URDU_UNICODE_RANGE = URDU_RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ')

export const inUrduFace = (codePoint: number) => URDU_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to)
