import crypto from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { fileChunks, files } from '../../db/schema'

// One storage interface for every uploaded file (ADR-019): the domain puts, gets and deletes files
// by id and never knows where the bytes are. Their metadata is always a `files` row in the shop's
// database (shared by every instance, counted for the limits); the bytes are the backend's. The
// PostgreSQL backend below keeps them in `file_chunks`; an S3-compatible one would keep objects
// named by the same ids and implement the same four calls, with no change to the domain.

export interface FileMeta {
	/** What the file is for, e.g. 'receipt'. */
	kind: string
	/** Whose it is, e.g. 'order:42'. */
	owner: string | null
	contentType: string
	/** The network address that sent it, or null for a file the shop itself moved or made. */
	uploader: string | null
}

export interface StoredFile extends FileMeta {
	id: string
	byteSize: number
	sha256: string
	createdAt: Date
}

export interface FileStore {
	/**
	 * Stores the bytes as they arrive, a chunk at a time: never the whole file in memory. When the
	 * source fails part-way (a check in it refuses the file, the connection drops), nothing is kept
	 * and its error is thrown.
	 */
	put(source: AsyncIterable<Uint8Array> | Uint8Array, meta: FileMeta): Promise<StoredFile>
	/** A complete file's metadata and its bytes, read a chunk at a time as they are consumed; null when there is none. */
	get(id: string): Promise<{ meta: StoredFile; body: AsyncIterable<Buffer> } | null>
	/** Removes files; ones already gone are not an error. */
	delete(ids: string | string[]): Promise<void>
}

/** Bytes per stored chunk: a 10 MB receipt is 40 rows, each written and read on its own. */
export const CHUNK_BYTES = 256 * 1024

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isFileId = (value: string) => UUID.test(value)

/** Cuts a stream into chunks of CHUNK_BYTES (the last one shorter), holding at most one chunk. */
async function* rechunk(source: AsyncIterable<Uint8Array> | Uint8Array): AsyncGenerator<Buffer> {
	if (source instanceof Uint8Array) {
		for (let at = 0; at < source.byteLength; at += CHUNK_BYTES) yield Buffer.from(source.subarray(at, at + CHUNK_BYTES))
		return
	}
	let parts: Buffer[] = []
	let held = 0
	for await (const piece of source) {
		let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)
		while (held + rest.byteLength >= CHUNK_BYTES) {
			const take = CHUNK_BYTES - held
			parts.push(rest.subarray(0, take))
			yield Buffer.concat(parts, CHUNK_BYTES)
			rest = rest.subarray(take)
			parts = []
			held = 0
		}
		if (rest.byteLength > 0) {
			// Copied: the source may reuse its buffer for the next piece.
			parts.push(Buffer.from(rest))
			held += rest.byteLength
		}
	}
	if (held > 0) yield Buffer.concat(parts, held)
}

/** Files whose bytes live in PostgreSQL (or PGlite), so that every instance serves every file. */
export function postgresFileStore(db: Db): FileStore {
	return {
		async put(source, meta) {
			const id = crypto.randomUUID()
			const hash = crypto.createHash('sha256')
			// The row first, marked incomplete: a crash part-way leaves something the sweep can find.
			await db.insert(files).values({ id, ...meta, complete: false })
			let size = 0
			let seq = 0
			try {
				for await (const chunk of rechunk(source)) {
					hash.update(chunk)
					size += chunk.byteLength
					await db.insert(fileChunks).values({ fileId: id, seq: seq++, bytes: chunk })
				}
				const sha256 = hash.digest('hex')
				const [row] = await db.update(files).set({ complete: true, byteSize: size, sha256 }).where(eq(files.id, id)).returning()
				return { ...meta, id, byteSize: size, sha256, createdAt: row!.createdAt }
			} catch (error) {
				await db.delete(files).where(eq(files.id, id))
				throw error
			}
		},
		async get(id) {
			if (!isFileId(id)) return null
			const [row] = await db
				.select()
				.from(files)
				.where(and(eq(files.id, id), eq(files.complete, true)))
				.limit(1)
			if (!row) return null
			const meta: StoredFile = { id: row.id, kind: row.kind, owner: row.owner, contentType: row.contentType, uploader: row.uploader, byteSize: row.byteSize, sha256: row.sha256 ?? '', createdAt: row.createdAt }
			async function* body() {
				for (let seq = 0; ; seq++) {
					const [chunk] = await db.select({ bytes: fileChunks.bytes }).from(fileChunks).where(and(eq(fileChunks.fileId, id), eq(fileChunks.seq, seq))).limit(1)
					if (!chunk) return
					yield chunk.bytes
				}
			}
			return { meta, body: body() }
		},
		async delete(ids) {
			const list = (Array.isArray(ids) ? ids : [ids]).filter(isFileId)
			if (list.length) await db.delete(files).where(inArray(files.id, list))
		},
	}
}

/** The shop's file store: the one place a backend is chosen (PostgreSQL today; an S3-compatible one would be chosen here by a setting). */
export const shopFileStore = (db: Db): FileStore => postgresFileStore(db)

/** Bytes of every file kept (complete or arriving): what the total quota counts. */
export async function storedBytes(db: Db): Promise<number> {
	const [row] = await db.select({ total: sql<string>`coalesce(sum(${files.byteSize}), 0)` }).from(files)
	return Number(row?.total ?? 0)
}

/** An owner's complete files, newest first. */
export async function filesOf(db: Db | Tx, owner: string): Promise<Pick<StoredFile, 'id' | 'byteSize' | 'createdAt' | 'contentType'>[]> {
	return db
		.select({ id: files.id, byteSize: files.byteSize, createdAt: files.createdAt, contentType: files.contentType })
		.from(files)
		.where(and(eq(files.owner, owner), eq(files.complete, true)))
		.orderBy(sql`${files.createdAt} desc`, sql`${files.id} desc`)
}

/**
 * Files still marked incomplete after `olderThanMinutes` (an upload cut off by a crash), and files
 * no one owns any more (let go of by a trim that crashed before removing them): removed. Returns how many.
 */
export async function sweepIncompleteFiles(db: Db, store: FileStore, { olderThanMinutes = 60, now = new Date() } = {}): Promise<number> {
	const stale = await db
		.select({ id: files.id })
		.from(files)
		.where(and(or(eq(files.complete, false), isNull(files.owner)), lt(files.createdAt, new Date(now.getTime() - olderThanMinutes * 60_000))))
		.orderBy(asc(files.createdAt))
		.limit(500)
	await store.delete(stale.map((f) => f.id))
	return stale.length
}
