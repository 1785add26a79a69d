import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobs } from '../../app/db/schema'
import { claimJobs, enqueueJob, LEASE_EXPIRES_SECONDS } from '../../app/domain/jobs/queue.server'
import { startWorker, type JobHandler, type JobHandlers } from '../../app/domain/jobs/worker.server'
import { moveClockForTests, nowMs } from '../../app/utils/clock'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

// A running job's lease (ADR-059): the worker renews it while the job runs; one nobody renews for
// LEASE_EXPIRES_SECONDS is released for another instance. Time passes on the shop's clock
// (app/utils/clock.ts), never by sleeping; the workers renew every few milliseconds of real time.

/** Handlers for the test's one kind of job; the worker loop's own sweeps find no handler and fail, as any unknown kind. */
const only = (handler: JobHandler) => ({ 'send-email': handler }) as unknown as JobHandlers

describe.each(databaseKinds)('job leases on %s', (kind) => {
	const database = useTestDatabase(kind)
	const db = () => database.db
	const emailJob = async () => {
		await enqueueJob(db(), { kind: 'send-email', payload: { lease: true }, dedupeKey: 'lease-test' })
		const [job] = await db().select().from(jobs).where(eq(jobs.dedupeKey, 'lease-test'))
		return job!.id
	}
	const jobRow = async (id: number) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!

	it('a job held by an instance killed mid-job runs on another within a minute, not five', async () => {
		const id = await emailJob()
		// The killed instance claimed it and will never renew its lease.
		expect((await claimJobs(db(), 'killed-instance', 10)).map((j) => j.id)).toContain(id)
		let ran = 0
		const other = startWorker(db(), only(async () => void ran++), { intervalMs: 60_000 })
		try {
			moveClockForTests((LEASE_EXPIRES_SECONDS - 15) * 1000)
			await other.poke()
			expect(ran).toBe(0)
			expect((await jobRow(id)).status).toBe('running')

			moveClockForTests(16_000)
			await other.poke()
			expect(ran).toBe(1)
			const done = await jobRow(id)
			expect(done.status).toBe('done')
			expect(done.attempts).toBe(2)
		} finally {
			await other.stop()
		}
	})

	it('a long job on a live instance keeps its lease for five minutes and runs once', async () => {
		const id = await emailJob()
		let finish = () => {}
		let started = 0
		const running = new Promise<void>((resolve) => (finish = resolve))
		const live = startWorker(
			db(),
			only(async () => {
				started++
				await running
			}),
			{ intervalMs: 10, leaseRenewMs: 10 },
		)
		let elsewhere = 0
		const other = startWorker(db(), only(async () => void elsewhere++), { intervalMs: 60_000 })
		try {
			await expect.poll(() => started, { timeout: 10_000 }).toBe(1)
			for (let second = 0; second < 300; second += 30) {
				moveClockForTests(30_000)
				// The live worker's heartbeat renews the lease on the moved clock.
				const movedTo = nowMs()
				await expect.poll(async () => (await jobRow(id)).lockedAt!.getTime() >= movedTo - 1_000, { timeout: 10_000, interval: 20 }).toBe(true)
				await other.poke()
				expect((await jobRow(id)).status).toBe('running')
			}
			expect(elsewhere).toBe(0)
			finish()
			await expect.poll(async () => (await jobRow(id)).status, { timeout: 10_000 }).toBe('done')
			expect(started).toBe(1)
			expect((await jobRow(id)).attempts).toBe(1)
		} finally {
			finish()
			await live.stop()
			await other.stop()
		}
	})
})
