import { env } from '../../utils/env.server'
import { publicOrigin } from '../../utils/origin.server'
import { singleton } from '../../utils/singleton.server'
import { createPayProClient, type PayProClient } from './client.server'

/** The simulator's fixed test credentials: it only runs when no real PayPro account is configured. */
export const SIMULATOR = {
	clientId: 'simulator-client',
	clientSecret: 'simulator-secret',
	merchantId: 'simulator-merchant',
	callbackUsername: 'simulator-callback',
	callbackPassword: 'simulator-callback-password',
	basePath: '/paypro-sim',
}

/** PayPro's own addresses (spec/PAYMENTS.md): its sandbox for trying an account out, and the live API. */
export const PAYPRO_BASE_URLS = { sandbox: 'https://demoapi.paypro.com.pk', live: 'https://api.paypro.com.pk' } as const
export type PayProMode = keyof typeof PAYPRO_BASE_URLS

/** A PayPro merchant account the shop takes payments with: from the environment, or saved by the owner on the console. */
export interface PayProAccount {
	baseUrl: string
	clientId: string
	clientSecret: string
	merchantId: string
	/** What PayPro's callbacks (UIS) must present, as the owner entered it in PayPro's panel. */
	callbackUsername: string
	callbackPassword: string
}

const state = singleton('paypro-client', () => ({ client: null as PayProClient | null, saved: null as PayProAccount | null }))

/** The account from the environment (PAYPRO_CLIENT_ID and the rest), which wins over the console's. */
export function envPayProAccount(): PayProAccount | null {
	const e = env()
	if (!e.PAYPRO_CLIENT_ID) return null
	return {
		baseUrl: e.PAYPRO_BASE_URL ?? PAYPRO_BASE_URLS.live,
		clientId: e.PAYPRO_CLIENT_ID,
		clientSecret: e.PAYPRO_CLIENT_SECRET!,
		merchantId: e.PAYPRO_MERCHANT_ID!,
		callbackUsername: e.PAYPRO_CALLBACK_USERNAME!,
		callbackPassword: e.PAYPRO_CALLBACK_PASSWORD!,
	}
}

/** The account payments go to: the environment's, else the one the owner connected on the console, else none (the simulator). */
export const payproAccount = (): PayProAccount | null => envPayProAccount() ?? state.saved

/** The owner's saved account (or none), as every instance reads it from the database after a change (ADR-048). */
export function keepSavedPayProAccount(account: PayProAccount | null) {
	state.saved = account
	state.client = null
}

export const usingSimulator = () => payproAccount() === null

/**
 * Production on the simulator (NODE_ENV=production, and no PayPro account in the environment or on
 * the console): its payments are test payments, marked on the order, left out of the figures, and take
 * no stock until staff approve them. Elsewhere (development, tests, `npm start`) a simulator payment
 * delivers as a real one, for the demo.
 */
export function simulatorPaymentsAreTests(): boolean {
	return usingSimulator() && env().DEPLOYED
}

/** The PayPro adapter: the live or sandbox API when configured, otherwise the built-in simulator, over HTTP either way. */
export function payproClient(): PayProClient {
	if (state.client) return state.client
	const e = env()
	const account = payproAccount()
	state.client = account
		? createPayProClient({ baseUrl: account.baseUrl, clientId: account.clientId, clientSecret: account.clientSecret, merchantId: account.merchantId, timeoutMs: e.PAYPRO_TIMEOUT_MS })
		: createPayProClient({
				baseUrl: e.PAYPRO_BASE_URL ?? `${publicOrigin()}${SIMULATOR.basePath}`,
				clientId: SIMULATOR.clientId,
				clientSecret: SIMULATOR.clientSecret,
				merchantId: SIMULATOR.merchantId,
				timeoutMs: e.PAYPRO_TIMEOUT_MS,
			})
	return state.client
}

export function callbackCredentials() {
	const e = env()
	const account = payproAccount()
	return account
		? { username: account.callbackUsername, password: account.callbackPassword }
		: { username: e.PAYPRO_CALLBACK_USERNAME ?? SIMULATOR.callbackUsername, password: e.PAYPRO_CALLBACK_PASSWORD ?? SIMULATOR.callbackPassword }
}

/** For tests and restarts: the next call builds the client from the current configuration. */
export function resetPayproClient() {
	state.client = null
}
