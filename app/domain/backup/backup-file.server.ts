import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StringDecoder } from 'node:string_decoder'
import { createGunzip } from 'node:zlib'
export { BACKUP_PASSPHRASE_MAX, BACKUP_PASSPHRASE_MIN } from './backup-input'

// The backup file (ADR-044): one plain header line (JSON, no secret in it), then the body, gzip'd JSON
// lines encrypted with AES-256-GCM under a key drawn from the passphrase by scrypt, then the 16-byte tag.
// Body lines: objects are rows of the table named by the last ["table", …] line; arrays are the rest.
export const BACKUP_FORMAT = 'shop-backup'
export const BACKUP_VERSION = 1
export const BACKUP_TAG_BYTES = 16
/** A header longer than this is no header of ours. */
const HEADER_MAX = 4096
// scrypt's cost: about 0.1 s and 32 MB for each backup or restore, far too much for guessing.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 }

export interface BackupHeader {
	format: typeof BACKUP_FORMAT
	version: number
	/** The last migration of the shop that made it, by tag and journal time. */
	schema: string
	schemaWhen: number
	createdAt: string
	kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string }
	cipher: 'aes-256-gcm'
	iv: string
	/** Tells a wrong passphrase at once, before any byte is read. */
	check: string
}

/** A backup refused or damaged: its sentence is said as is (the restore command prints it). */
export class BackupRefusal extends Error {}

function scrypt(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
	return new Promise((resolve, reject) =>
		crypto.scrypt(passphrase.normalize('NFC'), salt, 64, { ...params, maxmem: 256 * params.N * params.r }, (error, key) => (error ? reject(error) : resolve(key))),
	)
}

/** Its first half seals the body; a hash of the second half is the header's check. */
function checkOf(derived: Buffer) {
	return crypto.createHash('sha256').update(derived.subarray(32)).digest('base64')
}

/** A new header and the body's key, for a backup sealed with `passphrase`. */
export async function sealBackup(passphrase: string, schema: { tag: string; when: number }, now = new Date()) {
	const salt = crypto.randomBytes(16)
	const derived = await scrypt(passphrase, salt, SCRYPT)
	const header: BackupHeader = {
		format: BACKUP_FORMAT,
		version: BACKUP_VERSION,
		schema: schema.tag,
		schemaWhen: schema.when,
		createdAt: now.toISOString(),
		kdf: { name: 'scrypt', ...SCRYPT, salt: salt.toString('base64') },
		cipher: 'aes-256-gcm',
		iv: crypto.randomBytes(12).toString('base64'),
		check: checkOf(derived),
	}
	return { header, key: derived.subarray(0, 32) }
}

/** The body's key from the passphrase, or a refusal when the passphrase is not the one it was sealed with. */
export async function openBackupKey(header: BackupHeader, passphrase: string): Promise<Buffer> {
	const { N, r, p, salt } = header.kdf
	// A header asking for more than ten times our own cost is no backup of ours.
	if (!(N >= 2 && N <= SCRYPT.N * 8 && r >= 1 && r <= 32 && p >= 1 && p <= 4)) throw new BackupRefusal('This file is not a shop backup, or it is damaged: nothing was restored.')
	const derived = await scrypt(passphrase, Buffer.from(salt, 'base64'), { N, r, p })
	const check = Buffer.from(checkOf(derived))
	const expected = Buffer.from(header.check)
	if (check.length !== expected.length || !crypto.timingSafeEqual(check, expected)) throw new BackupRefusal('The passphrase does not open this backup: nothing was restored. Give the passphrase it was made with.')
	return derived.subarray(0, 32)
}

/** The header of the backup in `file`, and where its body starts; a refusal with a sentence for anything else. */
export async function readBackupHeader(file: string): Promise<{ header: BackupHeader; bodyStart: number; size: number }> {
	let handle
	try {
		handle = await fs.open(file, 'r')
	} catch {
		throw new BackupRefusal(`There is no backup file at ${file}.`)
	}
	try {
		const { size } = await handle.stat()
		const buffer = Buffer.alloc(Math.min(HEADER_MAX, size))
		await handle.read(buffer, 0, buffer.length, 0)
		const end = buffer.indexOf(0x0a)
		const notOurs = new BackupRefusal(`${file} is not a shop backup, or it is damaged: nothing was restored.`)
		if (end < 0) throw notOurs
		let header: BackupHeader
		try {
			header = JSON.parse(buffer.subarray(0, end).toString('utf8')) as BackupHeader
		} catch {
			throw notOurs
		}
		if (header?.format !== BACKUP_FORMAT || typeof header.version !== 'number') throw notOurs
		if (header.version > BACKUP_VERSION) throw new BackupRefusal(`This backup was written in a newer backup format (version ${header.version}) than this copy of the shop reads (version ${BACKUP_VERSION}): update the shop, then restore.`)
		if (typeof header.schema !== 'string' || typeof header.schemaWhen !== 'number' || header.cipher !== 'aes-256-gcm' || header.kdf?.name !== 'scrypt' || typeof header.iv !== 'string' || typeof header.check !== 'string') throw notOurs
		if (size < end + 1 + BACKUP_TAG_BYTES) throw notOurs
		return { header, bodyStart: end + 1, size }
	} finally {
		await handle.close()
	}
}

/** A body line longer than this (a file's chunk is 256 KB, twice that as hex) is no line of ours. */
const LINE_MAX = 8 * 1024 * 1024

/**
 * Reads the sealed body of the backup in `file` line by line into `onLine`, holding one line at a
 * time. Fails when a byte was changed or cut off: the tag is checked at the end, so a caller that
 * writes as it reads does so in a transaction it can undo.
 */
export async function readBackupBody(file: string, { bodyStart, size, header }: { bodyStart: number; size: number; header: BackupHeader }, key: Buffer, onLine: (line: string) => Promise<void> | void) {
	const tag = Buffer.alloc(BACKUP_TAG_BYTES)
	const handle = await fs.open(file, 'r')
	try {
		await handle.read(tag, 0, BACKUP_TAG_BYTES, size - BACKUP_TAG_BYTES)
	} finally {
		await handle.close()
	}
	const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'))
	decipher.setAuthTag(tag)
	const body = size - BACKUP_TAG_BYTES > bodyStart ? createReadStream(file, { start: bodyStart, end: size - BACKUP_TAG_BYTES - 1 }) : Readable.from([])
	await pipeline(body, decipher, createGunzip(), async (plain: AsyncIterable<Buffer>) => {
		let held = ''
		const decoder = new StringDecoder('utf8')
		for await (const chunk of plain) {
			held += decoder.write(chunk)
			let at: number
			while ((at = held.indexOf('\n')) >= 0) {
				const line = held.slice(0, at)
				held = held.slice(at + 1)
				await onLine(line)
			}
			if (held.length > LINE_MAX) throw new Error('a line is too long')
		}
		held += decoder.end()
		if (held) throw new Error('the last line is cut off')
	})
}
