import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { setDatabase, type Database, type Db } from '../app/db/client.server'
import { openDatabase } from './open-database'
import { parseEnv, useEnv, type Env } from '../app/utils/env.server'
import { logger } from '../app/utils/logger.server'
import { requestIdFor, withRequestId } from '../app/utils/request-context.server'
import { originKnownBeforeListening, publicOrigin, setListeningOrigin } from '../app/utils/origin.server'
import { loadDeliveryKey, setDeliveryKey } from '../app/domain/fulfillment/delivery-crypto.server'
import { bootstrapOwner } from '../app/domain/staff/manage-staff.server'
import { refingerprintStock } from '../app/domain/stock/refingerprint-stock.server'
import { seedStoreDetails, storeDetailsDefaults } from '../app/domain/settings/store-details.server'
import { ensureVapidKeys } from '../app/domain/push/vapid-keys.server'
import { watchConnections } from '../app/domain/settings/connections.server'
import { ensureSimulatorSupplier } from '../app/domain/suppliers/suppliers.server'
import { buyRightAfterPayments } from '../app/domain/suppliers/buy-from-suppliers.server'
import { jobHandlers } from '../app/domain/jobs/handlers.server'
import { startWorker } from '../app/domain/jobs/worker.server'
import { shopFileStore } from '../app/domain/files/file-store.server'
import { moveDiskReceipts } from '../app/domain/payments/sweep-receipt-files.server'
import { localStorage } from '../app/integrations/storage/local.server'
import { closeCpuPools } from '../app/domain/jobs/cpu-limits.server'
import { emailProvider, setEmailProvider } from '../app/integrations/email/provider.server'
import { payproClient, resetPayproClient, simulatorPaymentsAreTests, usingSimulator } from '../app/integrations/paypro/paypro.server'
import { keptAssetsDir } from '../scripts/keep-assets'
import { createShopApp, pageCacheSecondsFrom } from './app'
import { redirectToRememberedLanguage } from './remembered-language'
import { finishReadingBeforeClosing } from './finish-reading'
import { endLiveStream } from '../app/http/event-stream.server'
import { listProducts } from '../app/domain/catalogue/list-products.server'
import { findablePages } from '../app/public-pages'
import { isWarmUp, warmPages } from './warm-start'

/** How long an idle kept-alive connection stays open: longer than nginx (60 s) and every client keeps one. */
const KEPT_CONNECTION_IDLE_MS = 65_000
/** How long a stopping server waits for the answers it still owes before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000

export interface RunningShop {
	url: string
	server: http.Server
	database: Database
	close(): Promise<void>
}

/**
 * Receipts this server kept under DATA_DIR/uploads before the file store: moved into it, so every
 * instance serves them. Safe on every start; one that cannot be moved is served from disk meanwhile.
 */
async function moveReceiptsIntoStore(db: Db, dataDir: string) {
	try {
		const { moved, missing } = await moveDiskReceipts(db, shopFileStore(db), localStorage(path.resolve(dataDir)))
		if (moved || missing) logger.info({ moved, notHere: missing }, 'uploads: moved receipts from DATA_DIR/uploads into the database')
	} catch (error) {
		logger.warn({ err: error }, 'uploads: could not move receipts from DATA_DIR/uploads yet; they are served from disk and moved on the next start')
	}
}

/** Opens the database (migrations, seed, owner account), then serves the shop. */
export async function startShop(
	env: Env = parseEnv(),
	options: { pageCacheSeconds?: number; orderChangesCoalescedMs?: number } = {},
): Promise<RunningShop> {
	const pageCacheSeconds = options.pageCacheSeconds ?? pageCacheSecondsFrom(env)
	// The store's first details come from the environment; what the schema alone cannot check stops the start too.
	const details = storeDetailsDefaults(env)
	// Every module reads this configuration, and the providers are built from it afresh.
	useEnv(env)
	resetPayproClient()
	setEmailProvider(null)
	let owner = null as Awaited<ReturnType<typeof bootstrapOwner>>
	const database = await openDatabase(env, async (db) => {
		await seedStoreDetails(db, details)
		owner = await bootstrapOwner(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
	})
	const announceOwner = (origin: string) => {
		if (owner?.generated) {
			// Printed once, on the first start only: the owner signs in and changes it.
			logger.warn({ email: owner.email, password: owner.password, signIn: `${env.PUBLIC_URL ?? origin}/admin/login` }, 'created the owner account with a generated password: sign in and keep it safe')
		} else if (owner) {
			logger.info({ email: owner.email }, 'created the owner account from ADMIN_EMAIL')
		}
	}
	let server: http.Server
	/** The answers this server is writing, so that stopping lets them finish (and ends the live streams among them). */
	const answering = new Set<http.ServerResponse>()
	let stopping = false
	let vite: import('vite').ViteDevServer | undefined
	let app: ReturnType<typeof createShopApp> | null = null
	try {
		setDatabase(database)
		setDeliveryKey(loadDeliveryKey({ base64: env.DELIVERY_ENCRYPTION_KEY, dataDir: env.DATA_DIR }))
		// Codes imported before look-alikes were compared as one are fingerprinted again, before any import or sale.
		await refingerprintStock(database.db)
		await moveReceiptsIntoStore(database.db, env.DATA_DIR)
		// The shop's Web Push key pair, made on the first start (one pair however many instances start).
		await ensureVapidKeys(database.db)
		// The demo's supplier on the shop's own simulator, when no supplier was ever connected (ADR-053).
		await ensureSimulatorSupplier(database.db)
		// PayPro, email and the public address the owner saved on the console, kept up to date on every change.
		await watchConnections(database.db)

		const root = process.cwd()
		// Cached public pages are answered before Express sees the request.
		const answer: http.RequestListener = (req, res) => {
			answering.add(res)
			res.once('close', () => {
				answering.delete(res)
				// Stopping: the connection this answer went out on closes as soon as it is idle.
				if (stopping) setImmediate(() => httpServer.closeIdleConnections())
			})
			// Stopping: a request that still came on a kept connection is answered, and that connection closed after.
			if (stopping) res.setHeader('Connection', 'close')
			// Every answer names its request (ADR-056): the id in the header, on each log line and order event of it.
			const requestId = requestIdFor(req.headers['x-request-id'])
			res.setHeader('X-Request-Id', requestId)
			withRequestId(requestId, () => {
				if (!isWarmUp(req)) app!.metrics?.observe(req, res)
				finishReadingBeforeClosing(req, res)
				if (redirectToRememberedLanguage(req, res)) return
				if (!app!.pageCache.tryServe(req, res)) app!(req, res)
			})
		}
		const httpServer = http.createServer(answer)
		let build: ServerBuild | null = null
		if (env.NODE_ENV === 'development') {
			const { createServer } = await import('vite')
			// Live reload on this server's own port, not Vite's fixed one: two shops (several servers, tests) can run at once.
			vite = await createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } })
		} else {
			const buildFile = path.join(root, 'build/server/index.js')
			if (!fs.existsSync(buildFile)) {
				throw new Error('No build found in ./build: run `npm run build` first (npm start does it for you).')
			}
			build = (await import(pathToFileURL(buildFile).href)) as ServerBuild
		}
		app = createShopApp({ env, build, vite, clientDir: path.join(root, 'build/client'), keptAssetsDir: keptAssetsDir(root), pageCacheSeconds, orderChangesCoalescedMs: options.orderChangesCoalescedMs })
		// The public pages are drawn before the first buyer arrives (ADR-061); not when their links' address
		// is a port the system is yet to choose (tests), which the pages would name wrongly.
		if (app.pageCache.enabled && env.WARM_START_SECONDS > 0 && originKnownBeforeListening()) {
			const warmed = await warmPages(answer, publicOrigin(), findablePages((await listProducts(database.db)).map((product) => product.id)), env.WARM_START_SECONDS * 1_000)
			logger.info(warmed, 'drew the public pages before taking traffic')
		}
		// An idle kept connection stays open longer than any client or proxy keeps one (nginx 60 s, browsers and
		// Node agents less), so the shop never closes a connection at the moment a client sends on it again: the
		// client would read a reset (ECONNRESET) for a request the shop never saw. Headers must come sooner still.
		httpServer.keepAliveTimeout = KEPT_CONNECTION_IDLE_MS
		httpServer.headersTimeout = KEPT_CONNECTION_IDLE_MS + 1_000
		server = await new Promise<http.Server>((resolve, reject) => {
			httpServer.listen(env.PORT, env.HOST, () => resolve(httpServer))
			httpServer.once('error', reject)
		})
	} catch (error) {
		// The owner exists now: its generated password must not be lost with this failed start.
		announceOwner(`http://localhost:${env.PORT}`)
		await vite?.close().catch(() => {})
		await database.close().catch(() => {})
		throw error
	}
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : env.PORT
	const url = `http://localhost:${port}`
	setListeningOrigin(url)
	announceOwner(url)
	const worker = env.JOBS_WORKER
		? startWorker(
				database.db,
				jobHandlers(database.db, {
					email: emailProvider,
					paypro: payproClient,
					reconcileAfterMinutes: env.RECONCILE_AFTER_MINUTES,
					expiryHours: env.ORDER_EXPIRY_HOURS,
				}),
				// PostgreSQL has its own tools for backups (docs/backups.md); PGlite's folder gets one a day.
				{ dailyBackup: database.kind === 'pglite' && Boolean(env.BACKUP_DIR) },
			)
		: null
	// With a worker here, a payment's supplier purchase runs at once in this process (its job is the fallback).
	buyRightAfterPayments(Boolean(worker))
	if (simulatorPaymentsAreTests()) {
		logger.warn({ paypro: 'simulator' }, 'No PayPro account is connected: online payments are TEST payments through the built-in simulator and no money moves; the checkout and order pages say so. The owner connects PayPro on /admin/connections before taking real orders.')
	}
	logger.info({ url, pageCacheSeconds, database: database.kind, paypro: usingSimulator() ? 'simulator' : 'connected', email: emailProvider().name }, 'shop is serving')
	return {
		url,
		server,
		database,
		async close() {
			stopping = true
			buyRightAfterPayments(false)
			// No new connections; idle kept ones close now, busy ones once their answer has gone out.
			const drained = new Promise<void>((resolve) => server.close(() => resolve()))
			server.closeIdleConnections()
			const holding = answering.size
			let live = 0
			for (const res of answering) {
				if (endLiveStream(res)) live++
				else if (!res.headersSent) res.setHeader('Connection', 'close')
			}
			const owed = holding - live
			if (owed || live) logger.info({ answers: owed, liveStreams: live }, 'stopping: finishing the answers in hand; live pages are told to reconnect')
			// Answers that take longer than the grace are cut: a supervisor waits only so long.
			const cut = setTimeout(() => {
				if (answering.size) logger.warn({ answers: answering.size }, 'stopping: answers still unfinished after the grace period are cut')
				server.closeAllConnections()
			}, SHUTDOWN_GRACE_MS)
			// The jobs this worker holds finish too (a job it never got to stays queued for another instance).
			await Promise.all([drained, worker?.stop()])
			clearTimeout(cut)
			await vite?.close()
			await database.close()
			setDatabase(null)
			// Hashing and rendering threads end with the server (they start again with the next one).
			await closeCpuPools()
		},
	}
}
