import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { singleton } from '../../utils/singleton.server'

// Product decision 7: codes and account logins are encrypted at rest (AES-256-GCM). Stored form:
// 'enc:v1:<iv>:<tag>:<ciphertext>' in base64url; anything else is legacy plain text.
const PREFIX = 'enc:v1:'

const state = singleton('delivery-key', () => ({ key: null as Buffer | null }))

/** The key from DELIVERY_ENCRYPTION_KEY, else from (or newly written to) DATA_DIR/delivery.key. */
export function loadDeliveryKey({ base64, dataDir }: { base64?: string; dataDir: string }): Buffer {
	if (base64) return Buffer.from(base64, 'base64')
	const file = path.resolve(dataDir, 'delivery.key')
	if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')
	fs.mkdirSync(path.dirname(file), { recursive: true })
	const key = crypto.randomBytes(32)
	fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' })
	return key
}

export function setDeliveryKey(key: Buffer) {
	if (key.length !== 32) throw new Error('The delivery key must be 32 bytes')
	state.key = key
}

function key(): Buffer {
	if (!state.key) throw new Error('The delivery encryption key is not loaded')
	return state.key
}

/** The loaded delivery key, for modules that derive their own keys from it (stock fingerprints). */
export function deliveryKey(): Buffer {
	return key()
}

export function encryptDelivery(plain: string | null): string | null {
	if (plain == null) return null
	const iv = crypto.randomBytes(12)
	const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv)
	const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`
}

export function decryptDelivery(stored: string | null): string | null {
	if (stored == null) return null
	if (!stored.startsWith(PREFIX)) return stored
	const [iv, tag, data] = stored.slice(PREFIX.length).split(':')
	const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv!, 'base64url'))
	decipher.setAuthTag(Buffer.from(tag!, 'base64url'))
	return Buffer.concat([decipher.update(Buffer.from(data!, 'base64url')), decipher.final()]).toString('utf8')
}
