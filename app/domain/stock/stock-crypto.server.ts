import crypto from 'node:crypto'
import { decryptDelivery, deliveryKey, encryptDelivery } from '../fulfillment/delivery-crypto.server'

// Stock units at rest (issue: codes and accounts delivered from stock). A unit is sealed with the
// delivery key (AES-256-GCM, as delivery content) and labelled with that key's id, so a rotated key
// can be told from the current one; its fingerprint is an HMAC under a key derived from the
// delivery key, so staff importing a code twice are told so without decrypting anything.

/** The id of the key a unit was sealed with: the first 12 hex digits of the key's SHA-256. */
export function currentKeyId(): string {
	return crypto.createHash('sha256').update(deliveryKey()).digest('hex').slice(0, 12)
}

export function sealUnit(plain: string): { secret: string; keyId: string } {
	return { secret: encryptDelivery(plain)!, keyId: currentKeyId() }
}

export function openUnit(unit: { secret: string; keyId: string }): string {
	if (unit.keyId !== currentKeyId()) throw new Error(`Stock unit sealed with key ${unit.keyId}, which is not the loaded delivery key`)
	return decryptDelivery(unit.secret)!
}

/** The keyed hash a unit is recognised by (HMAC-SHA256 under a key derived from the delivery key), of its normalised form (stock-normalise.server.ts). */
export function fingerprintOf(normalised: string): string {
	const key = crypto.hkdfSync('sha256', deliveryKey(), Buffer.alloc(0), 'stock-fingerprint-v1', 32)
	return crypto.createHmac('sha256', Buffer.from(key)).update(normalised).digest('hex')
}
