// The local fake PayPro (tests/fakes/paypro-server.ts, a real HTTP server) for a describe block:
// started before its tests, emptied after each, closed after them all. `paypro` is the shop's own
// client pointed at it; shopSettings() the settings that point a shop server (useTestShop, a
// spawned process) at it.
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { PayProClient } from '../../app/integrations/paypro/client.server'
import { startFakePayPro, type FakePayPro } from '../fakes/paypro-server'
import { payproClientFor } from './payments'

/** The account PayPro's callback (UIS) signs in with, as the tests' shops are set up. */
export const callbackAccount = { username: 'shop-uis', password: 'uis-password-1' }

/** The settings that point a shop at `fake`, with the callback account; `extra` adds or overrides. */
export function payproSettingsFor(fake: Pick<FakePayPro, 'url' | 'credentials'>, extra: Record<string, string> = {}): Record<string, string> {
	return {
		PAYPRO_BASE_URL: fake.url,
		PAYPRO_CLIENT_ID: fake.credentials.clientId,
		PAYPRO_CLIENT_SECRET: fake.credentials.clientSecret,
		PAYPRO_MERCHANT_ID: fake.credentials.merchantId,
		PAYPRO_CALLBACK_USERNAME: callbackAccount.username,
		PAYPRO_CALLBACK_PASSWORD: callbackAccount.password,
		...extra,
	}
}

export interface FakePayProFixture {
	/** The running fake (usable in hooks and tests: it starts in beforeAll). */
	readonly fake: FakePayPro
	/** The shop's PayPro client, pointed at the fake. */
	readonly paypro: PayProClient
	/** The settings that point a shop server at the fake (call it in a hook, once the fake runs). */
	shopSettings(extra?: Record<string, string>): Record<string, string>
}

/** A handle usable from the describe block's body that reaches what a hook starts later. */
function startedLater<T extends object>(what: string, current: () => T | undefined): T {
	return new Proxy({} as T, {
		get(_, key) {
			const target = current()
			if (!target) throw new Error(`${what} starts in beforeAll: use it inside a hook or a test.`)
			const value: unknown = Reflect.get(target, key)
			return typeof value === 'function' ? value.bind(target) : value
		},
	})
}

/**
 * Call it in a describe block before any hook that needs it (a shop started with its settings):
 * Vitest runs the hooks in the order they were added. `timeoutMs` is the client's wait for an answer
 * (long by default: many confirmations at once share one embedded database). `resetAfterEach: false`
 * keeps what the fake knows between tests (a shop server's PayPro token stays valid).
 */
export function useFakePayPro({ timeoutMs = 15_000, resetAfterEach = true }: { timeoutMs?: number; resetAfterEach?: boolean } = {}): FakePayProFixture {
	let running: FakePayPro | undefined
	let client: PayProClient | undefined
	beforeAll(async () => {
		running = await startFakePayPro()
		client = payproClientFor(running, timeoutMs)
	})
	if (resetAfterEach) afterEach(() => running?.reset())
	afterAll(async () => {
		await running?.close()
		running = undefined
	})
	const fake = startedLater('The fake PayPro', () => running)
	return { fake, paypro: startedLater('The fake PayPro', () => client), shopSettings: (extra) => payproSettingsFor(fake, extra) }
}
