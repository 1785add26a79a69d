import type { UIMatch } from 'react-router'

/**
 * A route's `handle` says which frame its page sits in: the shop's (banner, navigation, cart, chat
 * button, footer: the default) or the staff console's own plain one.
 */
export interface ShellHandle {
	shell?: 'shop' | 'console'
}

export const CONSOLE_SHELL: ShellHandle = { shell: 'console' }

/** Whether the deepest route that names a frame asks for the staff console's. */
export function isConsolePage(matches: readonly UIMatch[]): boolean {
	for (let i = matches.length - 1; i >= 0; i--) {
		const shell = (matches[i]!.handle as ShellHandle | undefined)?.shell
		if (shell) return shell === 'console'
	}
	return false
}

// The console's addresses, for starting the shop frame's download before the routes have matched
// (the handle decides what is rendered; a wrong guess here only costs or saves one download).
export { looksLikeConsolePath } from '~/utils/console-path'
