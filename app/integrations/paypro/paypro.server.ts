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

export const usingSimulator = () => !env().PAYPRO_CLIENT_ID

/**
 * Production on the simulator (NODE_ENV=production with PAYPRO_SIMULATOR=true): its payments are test
 * payments, marked on the order, left out of the figures, and take no stock until staff approve them.
 * Elsewhere (development, tests, `npm start`) a simulator payment delivers as a real one, for the demo.
 */
export function simulatorPaymentsAreTests(): boolean {
	const e = env()
	return usingSimulator() && e.PAYPRO_SIMULATOR === true && e.NODE_ENV === 'production'
}

const state = singleton('paypro-client', () => ({ client: null as PayProClient | null }))

/** The PayPro adapter: the live or sandbox API when configured, otherwise the built-in simulator, over HTTP either way. */
export function payproClient(): PayProClient {
	if (state.client) return state.client
	const e = env()
	state.client = usingSimulator()
		? createPayProClient({
				baseUrl: e.PAYPRO_BASE_URL ?? `${publicOrigin()}${SIMULATOR.basePath}`,
				clientId: SIMULATOR.clientId,
				clientSecret: SIMULATOR.clientSecret,
				merchantId: SIMULATOR.merchantId,
				timeoutMs: e.PAYPRO_TIMEOUT_MS,
			})
		: createPayProClient({
				baseUrl: e.PAYPRO_BASE_URL ?? 'https://api.paypro.com.pk',
				clientId: e.PAYPRO_CLIENT_ID!,
				clientSecret: e.PAYPRO_CLIENT_SECRET!,
				merchantId: e.PAYPRO_MERCHANT_ID!,
				timeoutMs: e.PAYPRO_TIMEOUT_MS,
			})
	return state.client
}

export function callbackCredentials() {
	const e = env()
	return usingSimulator()
		? { username: e.PAYPRO_CALLBACK_USERNAME ?? SIMULATOR.callbackUsername, password: e.PAYPRO_CALLBACK_PASSWORD ?? SIMULATOR.callbackPassword }
		: { username: e.PAYPRO_CALLBACK_USERNAME!, password: e.PAYPRO_CALLBACK_PASSWORD! }
}

/** For tests and restarts: the next call builds the client from the current configuration. */
export function resetPayproClient() {
	state.client = null
}
