import { desc } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { contactMessages } from '../../db/schema'

/** The staff inbox: newest first. */
export async function listContactMessages(db: Db, limit = 200) {
	return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit)
}
