import { gamePassTerms, type PolicySection } from '../../content/policies'
import { gamePassTermsUr } from '../../content/ur/policies'
import { langOf, unprefixed } from '../../i18n/lang'

/** The address of the PC edition's terms (the console's are at /game-pass-terms), without its language prefix. */
export const GAME_PASS_PC_TERMS = '/game-pass-pc-terms'

/**
 * The Game Pass terms a terms page shows, in its language and for its edition: /game-pass-terms and
 * /ur/game-pass-terms the console's, /game-pass-pc-terms and /ur/game-pass-pc-terms the PC's.
 * On the server only, so about a thousand words per language never ship in the page's script.
 */
export function gamePassTermsAt(pathname: string): PolicySection[] {
	const terms = langOf(pathname) === 'ur' ? gamePassTermsUr : gamePassTerms
	return unprefixed(pathname) === GAME_PASS_PC_TERMS ? terms.pc : terms.console
}
