import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { jobs } from '../../db/schema'

/** Jobs that used up their attempts, most recent failure first. */
export async function listFailedJobs(db: Db, limit = 200) {
	return db
		.select({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts, lastError: jobs.lastError, createdAt: jobs.createdAt, updatedAt: jobs.updatedAt })
		.from(jobs)
		.where(eq(jobs.status, 'failed'))
		.orderBy(desc(jobs.updatedAt), desc(jobs.id))
		.limit(limit)
}
