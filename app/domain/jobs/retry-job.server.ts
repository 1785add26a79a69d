import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { jobs } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from '../staff/audit.server'

/** Gives a failed job a fresh set of attempts, due now. */
export async function retryJob(db: Db, actor: Actor, jobId: number) {
	await db.transaction(async (tx) => {
		const [job] = await tx
			.update(jobs)
			.set({ status: 'pending', runAt: new Date(), attempts: 0, lockedAt: null, lockedBy: null, updatedAt: new Date() })
			.where(and(eq(jobs.id, jobId), eq(jobs.status, 'failed')))
			.returning({ id: jobs.id, kind: jobs.kind })
		if (!job) throw new AppError('CONFLICT', 'Only a failed job can be retried.')
		await recordAudit(tx, actor, { action: 'job.retry', before: { jobId, kind: job.kind, status: 'failed' }, after: { jobId, kind: job.kind, status: 'pending' } })
	})
}
