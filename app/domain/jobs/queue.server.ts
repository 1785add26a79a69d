import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { jobs } from '../../db/schema'
import { now } from '../../utils/clock'

// A running job is leased to the worker that claimed it (ADR-059): `locked_at` is the lease's last
// renewal, on the instances' clock (app/utils/clock.ts). The worker renews the leases of the jobs it
// holds every LEASE_RENEW_SECONDS; a lease not renewed for LEASE_EXPIRES_SECONDS belonged to an
// instance that died (kill -9, an evicted container), and its job is released for another.

/** How often a worker renews the leases of the jobs it is running. */
export const LEASE_RENEW_SECONDS = 10
/** A lease not renewed for this long is released: four renewals missed, never a live worker's. */
export const LEASE_EXPIRES_SECONDS = 45

export type JobKind = 'send-email' | 'send-alert' | 'send-push' | 'send-whatsapp' | 'alert-summaries' | 'reconcile-order' | 'sweep' | 'send-reminder' | 'sweep-receipt-files' | 'renewal-reminders' | 'serve-stock-queue' | 'daily-backup' | 'buy-from-suppliers' | 'follow-supplier-costs'

export interface NewJob {
	kind: JobKind
	payload: Record<string, unknown>
	/** Enqueueing the same key again does nothing. */
	dedupeKey?: string
	runAt?: Date
	maxAttempts?: number
}

/** Adds a job in the caller's transaction, so the job exists exactly when the change that caused it does. */
export async function enqueueJob(tx: Db | Tx, job: NewJob) {
	await tx
		.insert(jobs)
		.values({ kind: job.kind, payload: job.payload, dedupeKey: job.dedupeKey ?? null, runAt: job.runAt ?? new Date(), maxAttempts: job.maxAttempts ?? 8 })
		.onConflictDoNothing({ target: jobs.dedupeKey })
}

export type ClaimedJob = typeof jobs.$inferSelect

/** Claims due jobs for one worker; other workers skip the locked rows instead of waiting. */
export async function claimJobs(db: Db, workerId: string, limit: number): Promise<ClaimedJob[]> {
	const result = await db.execute(sql`
		update jobs set status = 'running', locked_at = ${now()}, locked_by = ${workerId}, attempts = attempts + 1, updated_at = now()
		where id in (
			select id from jobs
			where status = 'pending' and run_at <= now()
			order by run_at, id
			limit ${limit}
			for update skip locked
		)
		returning id, kind, payload, attempts, max_attempts as "maxAttempts", dedupe_key as "dedupeKey"`)
	// PostgreSQL hands a bigint back as a string (PGlite as a number): the worker compares ids with its lease renewals.
	return (result.rows as unknown as ClaimedJob[]).map((job) => ({ ...job, id: Number(job.id) }))
}

/** Renews the leases `workerId` holds on these running jobs; answers the ids it no longer holds (released meanwhile). */
export async function renewLeases(db: Db, workerId: string, ids: number[]): Promise<number[]> {
	if (ids.length === 0) return []
	const result = await db.execute<{ id: number }>(sql`
		update jobs set locked_at = ${now()}
		where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and status = 'running' and locked_by = ${workerId}
		returning id`)
	const held = new Set(result.rows.map((r) => Number(r.id)))
	return ids.filter((id) => !held.has(id))
}

/** Marks a job done, unless its lease was released and another worker holds it now (then that one finishes it). */
export async function completeJob(db: Db, id: number, workerId?: string) {
	await db.execute(sql`update jobs set status = 'done', locked_at = null, last_error = null, updated_at = now() where id = ${id}${heldBy(workerId)}`)
}

const heldBy = (workerId: string | undefined) => (workerId === undefined ? sql`` : sql` and status = 'running' and locked_by = ${workerId}`)

/** Exponential backoff from 15 s up to an hour; after the last attempt the job stays 'failed' for staff to see. */
export function backoffSeconds(attempts: number) {
	return Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1))
}

export async function failJob(db: Db, job: Pick<ClaimedJob, 'id' | 'attempts' | 'maxAttempts'>, error: string, workerId?: string) {
	const finalFailure = job.attempts >= job.maxAttempts
	await db.execute(sql`
		update jobs set
			status = ${finalFailure ? 'failed' : 'pending'},
			run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)}),
			locked_at = null, last_error = ${error.slice(0, 2000)}, updated_at = now()
		where id = ${job.id}${heldBy(workerId)}`)
}

/** A worker that died mid-job leaves it 'running' with a lease nobody renews: once it is this old, another worker may take it. */
export async function releaseStuckJobs(db: Db, olderThanSeconds = LEASE_EXPIRES_SECONDS): Promise<number> {
	const result = await db.execute<{ id: number }>(sql`
		update jobs set status = 'pending', locked_at = null, updated_at = now()
		where status = 'running' and locked_at < ${new Date(now().getTime() - olderThanSeconds * 1000)}
		returning id`)
	return result.rows.length
}

/** Finished jobs are kept a week for staff to look back on, then removed by the minute sweep. */
export async function pruneDoneJobs(db: Db) {
	await db.execute(sql`delete from jobs where status = 'done' and updated_at < now() - interval '7 days'`)
}
