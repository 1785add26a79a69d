// Buying at payment from a supplier (ADR-053): an option with no stock, served by a wholesaler
// speaking Kinguin's protocol that answers every call in 300 ms (a local server of that protocol,
// app/integrations/kinguin/simulator.server.ts), in the embedded database the shop runs on by
// default (PGlite, in this process), with the job worker and the purchase right after payment as a
// serving shop runs them. ORDERS orders are paid on CONCURRENCY lanes, each as PayPro's confirmation
// marks it paid, a lane's next payment once its buyer has the code; measured per order: from the
// payment to its code on the order page (the order row delivered, which the page's live stream
// announces as it commits), polled every 20 ms.
//
// Environment: BENCH_SUPPLIER_ORDERS (60), BENCH_SUPPLIER_CONCURRENCY (5), BENCH_SUPPLIER_LATENCY_MS (300).
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { openPglite } from '../app/db/client.server.ts'
import { orders } from '../app/db/schema.ts'
import { seedDatabase } from '../app/db/seed/seed.server.ts'
import { setDeliveryKey } from '../app/domain/fulfillment/delivery-crypto.server.ts'
import { jobHandlers } from '../app/domain/jobs/handlers.server.ts'
import { startWorker } from '../app/domain/jobs/worker.server.ts'
import { markOrderPaid } from '../app/domain/payments/mark-order-paid.server.ts'
import { buyRightAfterPayments } from '../app/domain/suppliers/buy-from-suppliers.server.ts'
import { logProvider } from '../app/integrations/email/log.server.ts'
import type { PayProClient } from '../app/integrations/paypro/client.server.ts'
import { parseEnv, useEnv } from '../app/utils/env.server.ts'
import { logger } from '../app/utils/logger.server.ts'
import { checkoutBody, placeOrder } from '../tests/setup/payments.ts'
import { suppliedOption } from '../tests/setup/suppliers.ts'
import { ROOT } from './server.ts'
import { metric, type BenchContext, type SectionResult } from './types.ts'

const ORDERS = Math.max(10, Number(process.env.BENCH_SUPPLIER_ORDERS ?? 60) || 60)
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_SUPPLIER_CONCURRENCY ?? 5) || 5)
const LATENCY_MS = Math.max(0, Number(process.env.BENCH_SUPPLIER_LATENCY_MS ?? 300) || 300)
/** After the last payment: orders without their code by then count as missed. */
const DELIVERY_WAIT_MS = 20_000

// The issue: a code bought at payment is on the buyer's page within a couple of seconds with a supplier answering in 300 ms.
const TARGETS = { p99: { op: '<=', value: 2000 }, missed: { op: '<=', value: 0 }, twice: { op: '<=', value: 0 } } as const

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]! : null)

export async function suppliersSection(ctx: BenchContext): Promise<SectionResult> {
	useEnv(parseEnv({ NODE_ENV: 'development', LOG_LEVEL: 'warn' }))
	setDeliveryKey(crypto.randomBytes(32))
	// The wholesaler in a process of its own: its 300 ms are 300 ms whatever this process is busy with.
	const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/wholesaler.ts')], { env: { ...process.env, BENCH_SUPPLIER_LATENCY_MS: String(LATENCY_MS) }, stdio: ['ignore', 'pipe', 'inherit'] })
	const port = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('the wholesaler did not start within 30 s')), 30_000)
		child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
			const found = /port (\d+)/.exec(chunk)
			if (found) {
				clearTimeout(timer)
				resolve(found[1]!)
			}
		})
	})
	const url = `http://127.0.0.1:${port}`
	const database = await openPglite(null)
	const { db } = database
	await seedDatabase(db)
	const worker = startWorker(db, jobHandlers(db, { email: () => logProvider(logger), paypro: () => ({}) as PayProClient, reconcileAfterMinutes: 3, expiryHours: 72 }))
	buyRightAfterPayments(true)
	try {
		const { productId, variantId } = await suppliedOption(db, [{ url, apiKey: 'bench-kinguin-key' }], { name: 'Bench card (wholesale)' })
		const placed: Awaited<ReturnType<typeof placeOrder>>[] = []
		for (let n = 0; n < ORDERS; n++) placed.push(await placeOrder(db, checkoutBody([{ id: productId, variantId, quantity: 1 }])))
		ctx.log(`suppliers: ${ORDERS} orders placed; paying ${CONCURRENCY} at a time, the wholesaler answering in ${LATENCY_MS} ms`)

		const paidAt = new Map<number, number>()
		const shownAt = new Map<number, number>()
		let watching = true
		// The page's view: the order row delivered (its live stream announces the commit that delivers it).
		const watch = (async () => {
			while (watching) {
				const rows = await db.select({ id: orders.id, status: orders.deliveryStatus }).from(orders).where(eq(orders.deliveryStatus, 'completed'))
				const at = performance.now()
				for (const r of rows) if (paidAt.has(r.id) && !shownAt.has(r.id)) shownAt.set(r.id, at)
				await new Promise((r) => setTimeout(r, 20))
			}
		})()
		let next = 0
		const started = performance.now()
		await Promise.all(
			Array.from({ length: CONCURRENCY }, async () => {
				while (next < placed.length) {
					const order = placed[next++]!
					paidAt.set(order.id, performance.now())
					await markOrderPaid(db, order.id, { via: 'confirmByProvider' })
					// Each buyer waits for their code before the next payment on this lane: the time measured is the purchase's, not a queue's.
					const until = Date.now() + DELIVERY_WAIT_MS
					while (!shownAt.has(order.id) && Date.now() < until) await new Promise((r) => setTimeout(r, 10))
				}
			}),
		)
		const seconds = (performance.now() - started) / 1000
		const deadline = Date.now() + DELIVERY_WAIT_MS
		while (Date.now() < deadline && shownAt.size < placed.length) await new Promise((r) => setTimeout(r, 50))
		watching = false
		await watch

		const latencies = [...shownAt].map(([id, at]) => at - paidAt.get(id)!).sort((a, b) => a - b)
		const perKey = (await (await fetch(`${url}/bench/orders-per-key`)).json()) as Record<string, number>
		const twice = Object.values(perKey).filter((n) => n > 1).length
		const missed = placed.length - latencies.length
		ctx.log(`suppliers: payment to code on the page p50 ${percentile(latencies, 0.5)?.toFixed(0)} ms, p99 ${percentile(latencies, 0.99)?.toFixed(0)} ms; ${missed} missed; ${twice} keys bought twice`)
		return {
			name: 'suppliers',
			subjectLabel: 'Run',
			rows: [
				{
					subject: `bought at payment, supplier ${LATENCY_MS} ms (pglite)`,
					metrics: [
						metric('Payments', placed.length / seconds, '/s', 1),
						metric('p50', percentile(latencies, 0.5), 'ms', 0),
						metric('p99', percentile(latencies, 0.99), 'ms', 0, TARGETS.p99),
						metric('Max', latencies.at(-1) ?? null, 'ms', 0),
						metric('Missed', missed, '', 0, TARGETS.missed),
						metric('Twice', twice, '', 0, TARGETS.twice),
					],
				},
			],
			notes: [`${ORDERS} orders of an option with no stock, paid on ${CONCURRENCY} lanes (a lane's next payment once its code is shown); each call to the wholesaler (its own process) answered after ${LATENCY_MS} ms (a purchase is two calls: the order, then its keys)`, `wholesaler orders: ${Object.keys(perKey).length}`],
			details: { orders: ORDERS, concurrency: CONCURRENCY, latencyMs: LATENCY_MS, latencies },
		}
	} finally {
		buyRightAfterPayments(false)
		await worker.stop()
		await database.close()
		child.kill()
	}
}
