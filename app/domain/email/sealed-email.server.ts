import crypto from 'node:crypto'
import { deliveryKey } from '../fulfillment/delivery-crypto.server'

// One-time sign-in codes and links are never readable in the outbox (issue: "store them sealed"):
// an email marked `sealed` keeps its subject, text, HTML and parameters in the outbox encrypted
// (AES-256-GCM) under a key derived from the shop's delivery key, and is opened only to be sent,
// or to be shown masked in the console. Stored form of each part: 'sealed:v1:<iv>:<tag>:<data>'.

const PREFIX = 'sealed:v1:'
/** The one parameter a sealed email's parameters are stored as. */
const SEALED_PARAMS = 'SEALED'

let derived: { from: Buffer; key: Buffer } | null = null

function key(): Buffer {
	const base = deliveryKey()
	if (derived?.from !== base) derived = { from: base, key: Buffer.from(crypto.hkdfSync('sha256', base, Buffer.alloc(0), 'email-outbox-sealed-v1', 32)) }
	return derived.key
}

export function sealText(plain: string): string {
	const iv = crypto.randomBytes(12)
	const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv)
	const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`
}

/** The plain text of a sealed part; anything not sealed is returned as it is. */
export function openText(stored: string): string {
	if (!stored.startsWith(PREFIX)) return stored
	const [iv, tag, data] = stored.slice(PREFIX.length).split(':')
	const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv!, 'base64url'))
	decipher.setAuthTag(Buffer.from(tag!, 'base64url'))
	return Buffer.concat([decipher.update(Buffer.from(data!, 'base64url')), decipher.final()]).toString('utf8')
}

interface EmailContent {
	subject: string
	text: string
	html?: string | null
	params: Record<string, string>
}

/** The email's content as the outbox stores it when sealed. */
export function sealEmail<T extends EmailContent>(email: T): T {
	return {
		...email,
		subject: sealText(email.subject),
		text: sealText(email.text),
		html: email.html == null ? email.html : sealText(email.html),
		params: { [SEALED_PARAMS]: sealText(JSON.stringify(email.params)) },
	}
}

/** An outbox row's content in clear, sealed or not: only for sending it, or for masking it. */
export function openEmail<T extends EmailContent>(row: T): T {
	const sealedParams = row.params?.[SEALED_PARAMS]
	return {
		...row,
		subject: openText(row.subject),
		text: openText(row.text),
		html: row.html == null ? row.html : openText(row.html),
		params: typeof sealedParams === 'string' && sealedParams.startsWith(PREFIX) ? (JSON.parse(openText(sealedParams)) as Record<string, string>) : row.params,
	}
}
