import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import webpush from 'web-push'
import { isPublicAddress } from '../../utils/network-address'

// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): web-push builds the
// request (encryption, the signed JWT); the shop posts it itself. The endpoint is a stranger's text
// (its host a push service's name, checked by the domain): right before the post the name is resolved,
// every address must be out on the internet, and the connection goes to the address that was checked,
// so a name that changes its answer in between (DNS rebinding) still never reaches the shop's network.

export interface PushTarget {
	endpoint: string
	keys: { p256dh: string; auth: string }
}

export interface Vapid {
	subject: string
	publicKey: string
	privateKey: string
}

/** Every address a host name has (the system's resolver, as connections use it). */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>
export const resolveAll: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true })

export class PushRefused extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message)
	}
	/** The push service no longer knows the subscription: it will never work again. */
	get gone() {
		return this.status === 404 || this.status === 410
	}
}

/** The endpoint's name leads into the shop's own network (or is not https): nothing was sent, and nothing ever will be. */
export class PushTargetRefused extends Error {}

/** A lookup that answers only the address already checked, whatever the name says now. */
const pinnedTo = ({ address, family }: { address: string; family: number }): LookupFunction =>
	((_hostname, options, callback) => {
		if (options.all) callback(null, [{ address, family }])
		else callback(null, address, family)
	}) as LookupFunction

/** The one address to connect to: every address of the name must be public, else PushTargetRefused. */
async function checkedAddress(hostname: string, resolve: Resolve) {
	const addresses = await resolve(hostname)
	const inside = addresses.find((a) => !isPublicAddress(a.address))
	if (inside || addresses.length === 0) throw new PushTargetRefused(`The push service name ${hostname} leads to ${inside?.address ?? 'no address'}, not a public address: nothing sent`)
	return addresses[0]!
}

/**
 * Sends one encrypted push; a refusal throws PushRefused with the service's status, a name that leads
 * into the shop's network PushTargetRefused (before any connection). `local`: the test settings' push
 * service, reached as given.
 */
export async function sendWebPush(
	target: PushTarget,
	payload: string,
	vapid: Vapid,
	{ ttlSeconds = 86_400, timeoutMs = 10_000, topic, local = false, resolve = resolveAll }: { ttlSeconds?: number; timeoutMs?: number; topic?: string; local?: boolean; resolve?: Resolve } = {},
): Promise<void> {
	const url = new URL(target.endpoint)
	if (!local && url.protocol !== 'https:') throw new PushTargetRefused(`A push goes over https only, not ${url.protocol}`)
	const request = webpush.generateRequestDetails(target, payload, {
		vapidDetails: vapid,
		TTL: ttlSeconds,
		urgency: 'high',
		contentEncoding: 'aes128gcm',
		...(topic ? { topic } : {}),
	})
	const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
	const lookup = local ? undefined : pinnedTo(await checkedAddress(hostname, resolve))
	const answer = await new Promise<{ status: number; text: string }>((resolveAnswer, reject) => {
		const req = (url.protocol === 'https:' ? https : http).request(
			{
				hostname,
				port: url.port || undefined,
				path: `${url.pathname}${url.search}`,
				method: request.method,
				headers: request.headers as http.OutgoingHttpHeaders,
				agent: false,
				lookup,
				signal: AbortSignal.timeout(timeoutMs),
			},
			(res) => {
				// The service's answer is not kept: only its status and first words, for the outbox's last error.
				let text = ''
				res.setEncoding('utf8')
				res.on('data', (chunk: string) => {
					if (text.length < 200) text += chunk
				})
				res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, text: text.slice(0, 200) }))
				res.on('error', reject)
			},
		)
		req.on('error', reject)
		req.end(request.body ? Buffer.from(request.body) : undefined)
	})
	if (answer.status < 200 || answer.status >= 300) throw new PushRefused(answer.status, `The push service answered ${answer.status}${answer.text ? `: ${answer.text}` : ''}`)
}
