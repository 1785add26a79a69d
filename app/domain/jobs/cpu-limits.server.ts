import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import { AppError } from '../../utils/app-error'

// One visitor must never slow everyone. Every CPU-heavy job a stranger or a staff member can start
// is bounded here, in one place:
// - password hashing (scrypt, 128 MiB and a few hundred ms each) and Markdown rendering run on
//   worker threads of their own (piscina), never on Node's threadpool of 4 that static files, DNS,
//   compression and sharp need, and never on the event loop;
// - image work (sharp) and stock-file parsing run in the process, one or two at a time;
// - each kind has a cap on what may wait: beyond it the work is refused at once with a sentence
//   and a 503, instead of piling up until every request waits behind it.

export const CPU_MESSAGES = {
	signInsBusy: 'Too many sign-ins are in progress. Please try again in a minute.',
	imagesBusy: 'Too many images are being processed right now. Please try again in a minute.',
	importsBusy: 'Too many stock files are being read right now. Please try again in a minute.',
	pagesBusy: 'Too many pages are being prepared right now. Please try again in a minute.',
} as const

const cores = Math.max(1, os.availableParallelism())

/** Threads and in-flight caps. Hashing gets half the cores (at least one); the rest stay for pages. */
export const CPU_LIMITS = {
	passwords: { threads: Math.max(1, Math.floor(cores / 2)), inFlight: 20 },
	pages: { threads: 1, inFlight: 4 },
	images: { concurrency: 1, inFlight: 6 },
	imports: { concurrency: 1, inFlight: 3 },
} as const

/**
 * The worker file beside this module. The built server bundles this module into build/server, so
 * there the file is found from the shop's folder (the server runs from it, as `npm start` does).
 */
function workerFile(): string {
	const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cpu-worker.mjs')
	if (fs.existsSync(beside)) return beside
	const fromRoot = path.join(process.cwd(), 'app/domain/jobs/cpu-worker.mjs')
	if (fs.existsSync(fromRoot)) return fromRoot
	throw new Error(`The CPU worker (app/domain/jobs/cpu-worker.mjs) was not found beside ${beside} or in ${process.cwd()}: start the shop from its folder.`)
}

/** A task that ran past its time and whose thread was stopped. */
export class CpuTimeout extends Error {}

type PoolKind = 'passwords' | 'pages'
const pools = new Map<PoolKind, Piscina>()
const inFlight = new Map<string, number>()

function poolFor(kind: PoolKind): Piscina {
	let pool = pools.get(kind)
	if (!pool) {
		// Threads start when work arrives and end after a minute without any: an idle shop keeps no 128 MiB scrypt buffers.
		pool = new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: CPU_LIMITS[kind].threads, idleTimeout: 60_000, concurrentTasksPerWorker: 1 })
		pools.set(kind, pool)
	}
	return pool
}

/** Counts a job in, or refuses it with `message` when `cap` are already running or waiting. */
async function admitted<T>(key: string, cap: number, message: string, work: () => Promise<T>): Promise<T> {
	const now = inFlight.get(key) ?? 0
	if (now >= cap) throw new AppError('UNAVAILABLE', message)
	inFlight.set(key, now + 1)
	try {
		return await work()
	} finally {
		inFlight.set(key, (inFlight.get(key) ?? 1) - 1)
	}
}

const MESSAGE: Record<PoolKind, string> = { passwords: CPU_MESSAGES.signInsBusy, pages: CPU_MESSAGES.pagesBusy }

/**
 * Runs `task` (an export of cpu-worker.mjs) on the kind's own threads. With `timeoutMs`, a task still
 * running then has its thread stopped and throws CpuTimeout. `warmUp`: a task run first without a
 * limit, which loads what `task` needs on a thread that has just started (a busy server may take
 * seconds), so the limit measures the task alone.
 */
export async function runOnCpuPool<R>(kind: PoolKind, task: string, input: unknown, { timeoutMs, warmUp }: { timeoutMs?: number; warmUp?: string } = {}): Promise<R> {
	return admitted(kind, CPU_LIMITS[kind].inFlight, MESSAGE[kind], async () => {
		if (warmUp) await poolFor(kind).run(null, { name: warmUp })
		const signal = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined
		try {
			return (await poolFor(kind).run(input, { name: task, signal })) as R
		} catch (error) {
			if (signal?.aborted) throw new CpuTimeout(`${task} ran longer than ${timeoutMs} ms`)
			throw error
		}
	})
}

/** A small queue for work that stays in this process (sharp, parsing a stock file): a few at a time, and a cap on waiting. */
function limiter(kind: 'images' | 'imports', message: string) {
	const { concurrency, inFlight: cap } = CPU_LIMITS[kind]
	let running = 0
	const waiting: (() => void)[] = []
	return <T>(work: () => Promise<T> | T): Promise<T> =>
		admitted(kind, cap, message, async () => {
			// A finished job hands its place to the next in line, so no newcomer slips in between.
			if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
			else running++
			try {
				return await work()
			} finally {
				const next = waiting.shift()
				if (next) next()
				else running--
			}
		})
}

/** Image work (covers, receipts): one image at a time, a few waiting. */
export const limitImageWork = limiter('images', CPU_MESSAGES.imagesBusy)
/** Reading a pasted or uploaded stock file: one at a time, a few waiting. */
export const limitImportWork = limiter('imports', CPU_MESSAGES.importsBusy)

/** Work done on the event loop in a long loop (sealing imported units) hands the loop to other requests this often. */
export const UNITS_PER_TURN = 250
/** Lets waiting requests run before the loop goes on. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Ends the pools' threads (a server closing, a test file done). */
export async function closeCpuPools(): Promise<void> {
	const all = [...pools.values()]
	pools.clear()
	await Promise.all(all.map((pool) => pool.close({ force: true })))
}
