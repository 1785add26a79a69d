import crypto from 'node:crypto'
import type { Db } from '../../db/client.server'
import { logger } from '../../utils/logger.server'
import { pakistanDate } from '../../utils/pakistan-time'
import { failedWorkAlert } from '../alerts/event-alerts.server'
import { queueAlert } from '../alerts/queue-alert.server'
import { nowMs } from '../../utils/clock'
import { claimJobs, completeJob, enqueueJob, failJob, LEASE_RENEW_SECONDS, releaseStuckJobs, renewLeases, type ClaimedJob, type JobKind } from './queue.server'

export type JobHandler = (job: ClaimedJob & { finalAttempt: boolean }) => Promise<void>
export type JobHandlers = Record<JobKind, JobHandler>

/**
 * Claims and runs the jobs that are due; returns how many ran. Any number of workers may call this at
 * once. `holding` (the worker loop's) is kept to the ids this call is running, whose leases the loop renews.
 */
export async function runDueJobs(db: Db, handlers: JobHandlers, { workerId = 'worker', batch = 10, holding }: { workerId?: string; batch?: number; holding?: Set<number> } = {}): Promise<number> {
	const claimed = await claimJobs(db, workerId, batch)
	await Promise.all(
		claimed.map(async (job) => {
			const handler = handlers[job.kind as JobKind]
			holding?.add(job.id)
			try {
				if (!handler) throw new Error(`No handler for job kind ${job.kind}`)
				await handler({ ...job, finalAttempt: job.attempts >= job.maxAttempts })
				await completeJob(db, job.id, workerId)
			} catch (error) {
				const message = error instanceof Error ? error.message : String(error)
				logger.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed')
				await failJob(db, job, message, workerId)
				// Staff who asked hear of work that gave up (not of an alert that could not be sent, nor a one-shot sweep).
				if (job.attempts >= job.maxAttempts && job.maxAttempts > 1 && job.kind !== 'send-alert') {
					await queueAlert(db, failedWorkAlert(job, message)).catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'could not queue the failed-job alert'))
				}
			} finally {
				holding?.delete(job.id)
			}
		}),
	)
	return claimed.length
}

/** How often a worker looks for jobs whose lease ran out (an instance that died holding them). */
const RELEASE_EVERY_MS = 5_000

/** The worker loop of a server process: runs due jobs, schedules the minute and hour sweeps (and, when asked, the daily backup), and stops on request. */
export function startWorker(db: Db, handlers: JobHandlers, { intervalMs = 1000, dailyBackup = false, leaseRenewMs = LEASE_RENEW_SECONDS * 1000 } = {}) {
	const workerId = `${process.pid}-${crypto.randomBytes(3).toString('hex')}`
	let stopped = false
	let timer: ReturnType<typeof setTimeout> | null = null
	let running: Promise<void> = Promise.resolve()
	let lastSweepMinute = -1
	let lastReceiptSweepHour = -1
	let lastRelease = -Infinity
	/** The jobs this worker is running: their leases are renewed while they run, however long. */
	const holding = new Set<number>()
	let renewing: Promise<void> = Promise.resolve()
	const heartbeat = setInterval(() => {
		if (holding.size === 0) return
		renewing = renewLeases(db, workerId, [...holding]).then(
			(lost) => {
				// Only when the database was away longer than a lease (or the process stalled): another worker may run it too.
				if (lost.length) logger.warn({ jobIds: lost, workerId }, 'jobs: the lease of a running job was lost; another instance may run it again')
			},
			(error: unknown) => logger.warn({ err: error, workerId }, 'jobs: could not renew the leases of running jobs; trying again'),
		)
	}, leaseRenewMs)
	heartbeat.unref()

	async function tick() {
		const minute = Math.floor(Date.now() / 60_000)
		if (minute !== lastSweepMinute) {
			lastSweepMinute = minute
			// One sweep per minute across every instance: the key makes the second insert a no-op.
			await enqueueJob(db, { kind: 'sweep', payload: {}, dedupeKey: `sweep:${minute}`, maxAttempts: 1 })
		}
		// Jobs of an instance that died are released once their lease runs out (on the shop's clock, which tests move).
		if (Math.abs(nowMs() - lastRelease) >= RELEASE_EVERY_MS) {
			lastRelease = nowMs()
			const released = await releaseStuckJobs(db)
			if (released) logger.warn({ released }, 'jobs: released running jobs whose lease ran out (their instance stopped renewing it)')
		}
		const hour = Math.floor(minute / 60)
		if (hour !== lastReceiptSweepHour) {
			lastReceiptSweepHour = hour
			// Hourly, not each minute: it lists the uploads folder and looks every old file up.
			await enqueueJob(db, { kind: 'sweep-receipt-files', payload: {}, dedupeKey: `sweep-receipt-files:${hour}`, maxAttempts: 1 })
			// Renewal reminders due this hour, once across every instance (each email is keyed too).
			await enqueueJob(db, { kind: 'renewal-reminders', payload: {}, dedupeKey: `renewal-reminders:${hour}`, maxAttempts: 3 })
			// Staff daily summaries due this hour (each member's is keyed by day too).
			await enqueueJob(db, { kind: 'alert-summaries', payload: {}, dedupeKey: `alert-summaries:${hour}`, maxAttempts: 3 })
			// Suppliers' balances and prices, once a Pakistan day across every instance (ADR-054).
			await enqueueJob(db, { kind: 'follow-supplier-costs', payload: {}, dedupeKey: `follow-supplier-costs:${pakistanDate(new Date(minute * 60_000))}`, maxAttempts: 2 })
			// A shop on PGlite with BACKUP_DIR: asked each hour, written once a Pakistan day (the job skips a day already written).
			if (dailyBackup) await enqueueJob(db, { kind: 'daily-backup', payload: {}, dedupeKey: `daily-backup:${hour}`, maxAttempts: 2 })
		}
		while (!stopped && (await runDueJobs(db, handlers, { workerId, holding })) > 0) {
			// keep going while there is work
		}
	}

	function schedule() {
		if (stopped) return
		timer = setTimeout(() => {
			running = tick()
				.catch((error: unknown) => logger.error({ err: error }, 'job worker tick failed'))
				.finally(schedule)
		}, intervalMs)
	}
	schedule()

	return {
		/** Runs a tick now (after the current one), e.g. right after a change that queued a job. */
		async poke() {
			await running
			if (!stopped) await tick().catch((error: unknown) => logger.error({ err: error }, 'job worker tick failed'))
		},
		async stop() {
			stopped = true
			if (timer) clearTimeout(timer)
			await running
			clearInterval(heartbeat)
			await renewing
		},
		/** Renews the leases of the jobs this worker runs now (as its heartbeat does every LEASE_RENEW_SECONDS). */
		renewNow: () => renewLeases(db, workerId, [...holding]),
	}
}
