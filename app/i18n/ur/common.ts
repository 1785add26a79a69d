import type { Messages } from '../catalogue'

// Urdu for Pakistani buyers: the same keys and {places} as en/common.ts.
export default {
	'language.switchLabel': 'Read in English',
	'skipToContent': 'مواد پر جائیں',
} satisfies Messages<'common'>
