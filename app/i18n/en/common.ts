// English: the spec's words exactly. Keys are shared with ur/common.ts (the build checks both name the same keys and places).
// common: what every buyer page shows (header, footer, cart drawer, chat, dialogs, the language switch, error pages).
export default {
	'language.switchLabel': 'پڑھیں اردو میں',
	'skipToContent': 'Skip to content',
} as const
