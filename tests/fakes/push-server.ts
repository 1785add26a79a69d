// A stand-in for a browser's push service (RFC 8030), over real HTTP on a local port: POST
// /push/<id> takes a message as Mozilla's and Google's services do (201 Created), and keeps what came
// (headers and the encrypted body) for the test to check and decrypt. `answer(id, status, times)`
// makes the next deliveries to a subscription answer 410 Gone (it expired), 500, and so on.
// `browserSubscription()` is what a browser makes: a P-256 key pair, a 16-byte auth secret and an
// endpoint on this service; `decrypt()` opens a message with them (RFC 8291, aes128gcm).
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedPush {
	id: string
	headers: http.IncomingHttpHeaders
	body: Buffer
	status: number
}

export interface BrowserSubscription {
	endpoint: string
	keys: { p256dh: string; auth: string }
	/** The browser's side, to decrypt with. */
	ecdh: crypto.ECDH
	authSecret: Buffer
}

export interface FakePushService {
	url: string
	origin: string
	/** Every delivery attempt, oldest first (answered with `status`). */
	received: ReceivedPush[]
	/** The next `times` deliveries to this subscription answer `status`. */
	answer(id: string, status: number, times?: number): void
	browserSubscription(): BrowserSubscription
	reset(): void
	close(): Promise<void>
}

export async function startFakePushService(): Promise<FakePushService> {
	const received: ReceivedPush[] = []
	let answers = new Map<string, { status: number; times: number }>()
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '')
			if (req.method !== 'POST' || !match) {
				res.writeHead(404).end()
				return
			}
			const id = match[1]!
			const planned = answers.get(id)
			let status = 201
			if (planned) {
				status = planned.status
				if (--planned.times <= 0) answers.delete(id)
			}
			received.push({ id, headers: req.headers, body: Buffer.concat(chunks), status })
			res.writeHead(status, status === 201 ? { Location: `/message/${received.length}` } : { 'Content-Type': 'text/plain' })
			res.end(status === 201 ? '' : status === 410 ? 'push subscription has unsubscribed or expired.' : 'internal error')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return {
		url: origin,
		origin,
		received,
		answer(id, status, times = 1) {
			answers.set(id, { status, times })
		},
		browserSubscription() {
			const ecdh = crypto.createECDH('prime256v1')
			ecdh.generateKeys()
			const authSecret = crypto.randomBytes(16)
			return {
				endpoint: `${origin}/push/${crypto.randomBytes(12).toString('base64url')}`,
				keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
				ecdh,
				authSecret,
			}
		},
		reset() {
			received.length = 0
			answers = new Map()
		},
		async close() {
			server.closeAllConnections()
			await new Promise((r) => server.close(r))
		},
	}
}

/** Opens an aes128gcm Web Push message as the browser does (RFC 8291 §3.4, RFC 8188 §2): the plaintext. */
export function decryptPush(body: Buffer, subscription: Pick<BrowserSubscription, 'ecdh' | 'authSecret'>): string {
	const salt = body.subarray(0, 16)
	const recordSize = body.readUInt32BE(16)
	const idLength = body[20]!
	const senderPublic = body.subarray(21, 21 + idLength)
	const records = body.subarray(21 + idLength)
	if (idLength !== 65 || records.length > recordSize) throw new Error('not one aes128gcm record with a P-256 key id')
	const ecdhSecret = subscription.ecdh.computeSecret(senderPublic)
	const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.ecdh.getPublicKey(), senderPublic])
	const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, subscription.authSecret, keyInfo, 32))
	const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
	const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
	const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce)
	decipher.setAuthTag(records.subarray(-16))
	const plain = Buffer.concat([decipher.update(records.subarray(0, -16)), decipher.final()])
	// The last record ends with its delimiter 0x02, then any padding of zeros.
	let end = plain.length - 1
	while (end >= 0 && plain[end] === 0) end--
	if (plain[end] !== 2) throw new Error('the last record has no 0x02 delimiter')
	return plain.subarray(0, end).toString('utf8')
}

/** Checks a VAPID Authorization header (RFC 8292): `vapid t=<ES256 JWT>, k=<public key>`; returns the claims and key. */
export function verifyVapid(header: string | undefined): { claims: { aud: string; exp: number; sub: string }; publicKey: string } {
	const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '')
	if (!match) throw new Error(`not a vapid Authorization header: ${header}`)
	const [jwt, k] = [match[1]!, match[2]!]
	const [head, claims, signature] = jwt.split('.') as [string, string, string]
	const point = Buffer.from(k, 'base64url')
	if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point')
	const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' })
	const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg: string; typ: string }
	if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`)
	const valid = crypto.verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
	if (!valid) throw new Error('the JWT signature does not verify with k')
	return { claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string }, publicKey: k }
}
