// The shop's "now", for the rules that wait for time to pass (an API key's expiry, a cached page's
// life): read here so a test can move time forward instead of sleeping. Outside tests it is the
// system clock and cannot be moved.

// On globalThis: a test and the built server it runs in the same process (tests/setup/test-shop.ts)
// each load their own copy of this module, and must read one clock.
const clock = ((globalThis as { __shopClock?: { offsetMs: number } }).__shopClock ??= { offsetMs: 0 })

/** Milliseconds since the epoch, as Date.now() (plus what a test moved the clock by). */
export const nowMs = (): number => Date.now() + clock.offsetMs

/** The current moment, as new Date() (plus what a test moved the clock by). */
export const now = (): Date => new Date(nowMs())

/** Tests only (NODE_ENV=test): time passes by `ms` at once. Refused anywhere else. */
export function moveClockForTests(ms: number): void {
	if (process.env.NODE_ENV !== 'test') throw new Error('The clock can be moved in tests only (NODE_ENV=test).')
	clock.offsetMs += ms
}

/** Tests only: back to the system clock (after each test). */
export function resetClockForTests(): void {
	clock.offsetMs = 0
}
