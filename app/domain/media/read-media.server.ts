import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { media } from '../../db/schema'

/** A stored image file by its key (a content hash: the bytes under a key never change), or null. */
export async function readMedia(db: Db, key: string): Promise<{ contentType: string; bytes: Buffer } | null> {
	const [file] = await db.select({ contentType: media.contentType, bytes: media.bytes }).from(media).where(eq(media.key, key)).limit(1)
	return file ?? null
}
