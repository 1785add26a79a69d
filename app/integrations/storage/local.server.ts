import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'

export interface StoredFile {
	key: string
	modifiedAt: Date
}

const SAFE_NAME = /^[\w-]+\.\w+$/

/**
 * Files on local disk under DATA_DIR/uploads, named by the server, never by the uploader: where receipts
 * were kept before the file store (ADR-019). Read to move them into it, and swept when no order points at them.
 */
export function localStorage(root: string) {
	const folder = (kind: string) => path.resolve(root, 'uploads', kind)
	// Only keys this store made resolve to a file; anything else (../, slashes) to none.
	const fileOf = (key: string) => {
		const [kind, name, ...rest] = key.split('/')
		if (!kind || !name || rest.length > 0 || !/^[\w-]+$/.test(kind) || !SAFE_NAME.test(name)) return null
		return path.join(folder(kind), name)
	}
	return {
		async save(kind: string, bytes: Uint8Array, extension: string): Promise<string> {
			await fs.mkdir(folder(kind), { recursive: true })
			const name = `${crypto.randomUUID()}.${extension}`
			await fs.writeFile(path.join(folder(kind), name), bytes, { flag: 'wx' })
			return `${kind}/${name}`
		},
		async read(key: string): Promise<Buffer | null> {
			const file = fileOf(key)
			return file ? fs.readFile(file).catch(() => null) : null
		},
		/** A stored file's bytes as a stream (which fails if the file is not there); null for a key this store never makes. */
		stream(key: string): AsyncIterable<Uint8Array> | null {
			const file = fileOf(key)
			if (!file) return null
			// Opened when first read, so that a missing file fails the reader, never the process (an error with no listener yet).
			return (async function* () {
				yield* createReadStream(file, { highWaterMark: 256 * 1024 })
			})()
		},
		/** Removes a stored file; one already gone is not an error. */
		async remove(key: string): Promise<void> {
			const file = fileOf(key)
			if (file) await fs.rm(file, { force: true })
		},
		/** Every file of a kind, with when it was last written. */
		async list(kind: string): Promise<StoredFile[]> {
			const names = await fs.readdir(folder(kind)).catch((error: NodeJS.ErrnoException) => {
				if (error.code === 'ENOENT') return [] as string[]
				throw error
			})
			const files = await Promise.all(
				names.filter((name) => SAFE_NAME.test(name)).map(async (name) => {
					const stat = await fs.stat(path.join(folder(kind), name)).catch(() => null)
					return stat?.isFile() ? { key: `${kind}/${name}`, modifiedAt: stat.mtime } : null
				}),
			)
			return files.filter((file) => file !== null)
		},
	}
}
