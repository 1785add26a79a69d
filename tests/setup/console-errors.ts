// Every Vitest test fails when something calls console.error it did not expect (vitest.config.ts
// `setupFiles`): a missing message, a React warning or a logged crash is a defect, never noise. A
// test that provokes one on purpose says so first with expectConsoleError(/what it says/).
import { inspect } from 'node:util'
import { afterEach, beforeEach } from 'vitest'

// Kept on globalThis: the setup runs before each file, and a test's import may be another instance of this module.
const state = ((globalThis as { __consoleErrors?: { expected: RegExp[]; unexpected: string[]; original: typeof console.error } }).__consoleErrors ??= {
	expected: [],
	unexpected: [],
	original: console.error,
})

const text = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? (a.stack ?? a.message) : inspect(a))).join(' ')

/** This test provokes a console.error matching `pattern` on purpose: it does not fail it (any other one still does). */
export function expectConsoleError(pattern: RegExp) {
	state.expected.push(pattern)
}

beforeEach(() => {
	state.expected.length = 0
	state.unexpected.length = 0
	console.error = (...args: unknown[]) => {
		const said = text(args)
		if (state.expected.some((pattern) => pattern.test(said))) return
		state.unexpected.push(said)
		state.original(...args)
	}
})

afterEach(() => {
	console.error = state.original
	const said = state.unexpected.splice(0)
	state.expected.length = 0
	if (said.length > 0) throw new Error(`console.error was called during this test (expectConsoleError(/…/) if it is meant to be):\n${said.join('\n---\n')}`)
})
