// A PayPro of the bench's own, in a process of its own (so the load generator's work does not slow
// it): the local fake of PayPro's protocol (tests/fakes/paypro-server.ts) whose hosted page takes a
// payment and calls the shop's callback as PayPro does, again until the shop takes it. Payments made
// there are real payments to the shop (a PayPro account is configured), so they take stock.
//
// node --import tsx bench/paypro.ts <port> <callback url> <return url>; the account comes from
// FAKE_PAYPRO_* (see payproAccount below). Prints `listening <port>`, and on SIGTERM a last line
// `callbacks {"sent":…,"taken":…,"abandoned":…}` before it exits.
import http from 'node:http'
import { startFakePayPro } from '../tests/fakes/paypro-server.ts'

/** The account the shops are configured with (their PAYPRO_* settings) and this fake accepts. */
export const BENCH_PAYPRO = {
	clientId: 'bench-client',
	clientSecret: 'bench-secret-7f3a',
	merchantId: 'bench-merchant',
	callbackUsername: 'bench-uis',
	callbackPassword: 'bench-uis-password-51c2',
} as const

/** The shop's PAYPRO_* settings for a fake PayPro at `url`. */
export function payproSettings(url: string): Record<string, string> {
	return {
		PAYPRO_BASE_URL: url,
		PAYPRO_CLIENT_ID: BENCH_PAYPRO.clientId,
		PAYPRO_CLIENT_SECRET: BENCH_PAYPRO.clientSecret,
		PAYPRO_MERCHANT_ID: BENCH_PAYPRO.merchantId,
		PAYPRO_CALLBACK_USERNAME: BENCH_PAYPRO.callbackUsername,
		PAYPRO_CALLBACK_PASSWORD: BENCH_PAYPRO.callbackPassword,
	}
}

/**
 * What PayPro itself says of these payments, asked as the shop's reconcile job asks it (auth, then
 * GGOS by PayPro id): the ids of those it took. A buyer whose pay page answered too late still paid.
 */
export async function payproTook(url: string, payproIds: string[]): Promise<Set<string>> {
	const auth = await fetch(`${url}/v2/ppro/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ clientid: BENCH_PAYPRO.clientId, clientsecret: BENCH_PAYPRO.clientSecret }) })
	const token = auth.headers.get('token')
	if (!token) throw new Error(`PayPro refused the bench's account (${auth.status})`)
	const took = new Set<string>()
	for (const payproId of payproIds) {
		// GGOS is a GET with a JSON body, which fetch cannot send.
		const answer = await new Promise<string>((resolve, reject) => {
			const req = http.request(`${url}/v2/ppro/ggos`, { method: 'GET', headers: { 'Content-Type': 'application/json', token } }, (res) => {
				let text = ''
				res.setEncoding('utf8')
				res.on('data', (chunk: string) => (text += chunk))
				res.on('end', () => resolve(text))
			})
			req.on('error', reject)
			req.end(JSON.stringify({ userName: BENCH_PAYPRO.merchantId, cpayId: payproId }))
		})
		const details = (JSON.parse(answer) as { OrderStatus?: string }[])[1]
		if (details?.OrderStatus === 'PAID') took.add(payproId)
	}
	return took
}

async function main() {
	const [port, callbackUrl, returnUrl] = process.argv.slice(2)
	if (!callbackUrl || !returnUrl) throw new Error('usage: bench/paypro.ts <port> <callback url> <return url>')
	const fake = await startFakePayPro(
		{ clientId: BENCH_PAYPRO.clientId, clientSecret: BENCH_PAYPRO.clientSecret, merchantId: BENCH_PAYPRO.merchantId },
		{ port: Number(port) || 0, keepRequests: false, repeatsFindTheFirst: true, callback: { url: callbackUrl, username: BENCH_PAYPRO.callbackUsername, password: BENCH_PAYPRO.callbackPassword, returnUrl } },
	)
	process.once('SIGTERM', () => {
		process.stdout.write(`callbacks ${JSON.stringify(fake.callbacks)}\n`)
		void fake.close().finally(() => process.exit(0))
	})
	process.stdout.write(`listening ${new URL(fake.url).port}\n`)
}

if (process.argv[1]?.endsWith('paypro.ts')) {
	main().catch((error: unknown) => {
		console.error(error)
		process.exit(1)
	})
}
