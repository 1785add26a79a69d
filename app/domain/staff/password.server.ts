import crypto from 'node:crypto'
import { AppError } from '../../utils/app-error'
import { runOnCpuPool } from '../jobs/cpu-limits.server'

/**
 * scrypt on the password pool's own threads (cpu-limits.server.ts): never on Node's threadpool,
 * which static files and pages need. When too many are already hashing or waiting, throws an
 * AppError (503) with CPU_MESSAGES.signInsBusy. The parameters travel with the task: the worker reads no settings.
 */
async function scrypt(password: string, salt: Buffer, keyLength: number, { N, r, p, maxmem }: { N: number; r: number; p: number; maxmem: number }): Promise<Buffer> {
	const key = await runOnCpuPool<Uint8Array>('passwords', 'scrypt', { password, salt: new Uint8Array(salt), keyLength, N, r, p, maxmem })
	return Buffer.from(key.buffer, key.byteOffset, key.byteLength)
}

// OWASP's current scrypt strength: N=2^17, r=8, p=1 needs 128 MiB, above Node's 32 MiB default.
// The test runner (NODE_ENV=test, and the shops it starts, which inherit PASSWORD_HASH_COST=test)
// hashes with a small N so hundreds of sign-ins stay quick; a production server never does.
export function hashParams(env: { NODE_ENV?: string; PASSWORD_HASH_COST?: string } = process.env) {
	const weakForTests = env.PASSWORD_HASH_COST === 'test' && env.NODE_ENV !== 'production'
	return weakForTests ? { N: 2 ** 10, r: 8, p: 1 } : { N: 2 ** 17, r: 8, p: 1 }
}
const PARAMS = hashParams()
const KEY_LENGTH = 64
const maxmemFor = ({ N, r }: { N: number; r: number }) => 128 * N * r + 16 * 1024 * 1024
// Stored hashes come from our own database, but a corrupt row must not ask for gigabytes.
const MAX_N = 2 ** 20

interface ParsedHash {
	N: number
	r: number
	p: number
	salt: Buffer
	hash: Buffer
}

/** scrypt$N$r$p$salt$hash, salt and hash in base64url: the parameters travel with the hash. */
function parseHash(stored: string): ParsedHash | null {
	const [kind, n, r, p, salt, hash, extra] = stored.split('$')
	if (kind !== 'scrypt' || !salt || !hash || extra !== undefined) return null
	const [N, R, P] = [Number(n), Number(r), Number(p)]
	if (![N, R, P].every((v) => Number.isSafeInteger(v) && v > 0) || N > MAX_N || R > 32 || P > 16) return null
	return { N, r: R, p: P, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') }
}

export async function hashPassword(password: string): Promise<string> {
	const salt = crypto.randomBytes(16)
	const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...PARAMS, maxmem: maxmemFor(PARAMS) })
	return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

/** Checks a password against a stored hash made with any scrypt parameters. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const parsed = parseHash(stored)
	if (!parsed || parsed.hash.length === 0) return false
	const { N, r, p, salt, hash } = parsed
	let actual: Buffer
	try {
		actual = await scrypt(password.normalize('NFKC'), salt, hash.length, { N, r, p, maxmem: maxmemFor({ N, r }) })
	} catch (error) {
		// A full pool is said as such (503); parameters scrypt refuses are a hash nobody can match.
		if (error instanceof AppError) throw error
		return false
	}
	return crypto.timingSafeEqual(actual, hash)
}

/** True when a stored hash was made with weaker or other parameters than today's: re-hash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
	const parsed = parseHash(stored)
	return !parsed || parsed.N !== PARAMS.N || parsed.r !== PARAMS.r || parsed.p !== PARAMS.p || parsed.hash.length !== KEY_LENGTH
}

let dummy: Promise<string> | null = null
/** A hash of nothing anyone knows, with today's parameters: an unknown email costs the same time as a known one. */
export function dummyHash(): Promise<string> {
	// Made on the same pool; if the pool was full, the next sign-in tries again.
	dummy ??= hashPassword(crypto.randomBytes(16).toString('base64url')).catch((error: unknown) => {
		dummy = null
		throw error
	})
	return dummy
}

/** A password for a new account or a reset: 16 characters from an unambiguous alphabet. */
export function generatePassword(): string {
	const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
	return Array.from({ length: 16 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('')
}
