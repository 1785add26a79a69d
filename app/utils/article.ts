// “an Xbox Gift Card”, “a PlayStation Gift Card”, “an owner account”, “an FC Points pack”: the one
// rule for English's indefinite article before a name the shop does not know in advance.

/** Letters whose spoken name starts with a vowel sound, for names read letter by letter (EA, FC, MLB). */
const VOWEL_SOUND_LETTERS = new Set('AEFHILMNORSX')
/** Words that start with a vowel letter but a consonant sound. */
const CONSONANT_SOUND = /^(uni|use|usu|uti|ure|euro|eu|one|once)/i
/** Words that start with a silent h. */
const SILENT_H = /^(hour|honest|honou?r|heir)/i

/** “a” or “an” for the word that follows. */
export function articleFor(word: string): 'a' | 'an' {
	const first = word.trim().split(/[\s-]/)[0] ?? ''
	if (!first) return 'a'
	// Read letter by letter: an acronym (two capitals or more) or a lone capital.
	if (/^[A-Z]{2,}\b|^[A-Z](?![a-z])/.test(first)) return VOWEL_SOUND_LETTERS.has(first[0]!) ? 'an' : 'a'
	// Xbox, Xenoblade: said “ex”.
	if (/^x/i.test(first)) return 'an'
	if (SILENT_H.test(first)) return 'an'
	if (CONSONANT_SOUND.test(first)) return 'a'
	return /^[aeiou]/i.test(first) ? 'an' : 'a'
}

/** The word with its article: withArticle('Xbox Gift Card') is “an Xbox Gift Card”. */
export const withArticle = (word: string) => `${articleFor(word)} ${word}`
