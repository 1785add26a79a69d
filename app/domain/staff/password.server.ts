import crypto from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>
const PARAMS = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 64

/** scrypt$N$r$p$salt$hash, all base64url: the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
	const salt = crypto.randomBytes(16)
	const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS)
	return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const [kind, n, r, p, salt, hash] = stored.split('$')
	if (kind !== 'scrypt' || !salt || !hash) return false
	const expected = Buffer.from(hash, 'base64url')
	const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) })
	return crypto.timingSafeEqual(actual, expected)
}

/** A password for a new account or a reset: 16 characters from an unambiguous alphabet. */
export function generatePassword(): string {
	const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
	return Array.from(crypto.randomBytes(16), (b) => alphabet[b % alphabet.length]).join('')
}
