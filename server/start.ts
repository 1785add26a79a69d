import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { openPglite, openPostgres, setDatabase, type Database } from '../app/db/client.server'
import { seedDatabase } from '../app/db/seed/seed.server'
import { parseEnv, useEnv, type Env } from '../app/utils/env.server'
import { logger } from '../app/utils/logger.server'
import { setListeningOrigin } from '../app/utils/origin.server'
import { parseTransferAccounts } from '../app/utils/store-config.server'
import { jobHandlers } from '../app/domain/jobs/handlers.server'
import { startWorker } from '../app/domain/jobs/worker.server'
import { emailProvider, setEmailProvider } from '../app/integrations/email/provider.server'
import { payproClient, resetPayproClient } from '../app/integrations/paypro/paypro.server'
import { createShopApp } from './app'

export interface RunningShop {
	url: string
	server: http.Server
	database: Database
	close(): Promise<void>
}

export async function openDatabase(env: Env): Promise<Database> {
	const database = env.DATABASE_URL
		? await openPostgres(env.DATABASE_URL)
		: await openPglite(env.DATA_DIR)
	await seedDatabase(database.db)
	return database
}

/** Opens the database (migrations + seed), then serves the shop. */
export async function startShop(env: Env = parseEnv()): Promise<RunningShop> {
	// Store configuration that the schema alone cannot check stops the start too.
	parseTransferAccounts(env)
	// Every module reads this configuration, and the providers are built from it afresh.
	useEnv(env)
	resetPayproClient()
	setEmailProvider(null)
	const database = await openDatabase(env)
	setDatabase(database)

	const root = process.cwd()
	let build: ServerBuild | null = null
	let vite: import('vite').ViteDevServer | undefined
	if (env.NODE_ENV === 'development') {
		const { createServer } = await import('vite')
		vite = await createServer({ server: { middlewareMode: true } })
	} else {
		const buildFile = path.join(root, 'build/server/index.js')
		if (!fs.existsSync(buildFile)) {
			throw new Error('No build found in ./build: run `npm run build` first (npm start does it for you).')
		}
		build = (await import(pathToFileURL(buildFile).href)) as ServerBuild
	}
	const app = createShopApp({ env, build, vite, clientDir: path.join(root, 'build/client') })
	const server = await new Promise<http.Server>((resolve, reject) => {
		const s = app.listen(env.PORT, env.HOST, () => resolve(s))
		s.once('error', reject)
	})
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : env.PORT
	const url = `http://localhost:${port}`
	setListeningOrigin(url)
	const worker = env.JOBS_WORKER
		? startWorker(
				database.db,
				jobHandlers(database.db, {
					email: emailProvider,
					paypro: payproClient,
					reconcileAfterMinutes: env.RECONCILE_AFTER_MINUTES,
					expiryHours: env.ORDER_EXPIRY_HOURS,
				}),
			)
		: null
	logger.info({ url, database: database.kind, paypro: env.PAYPRO_CLIENT_ID ? 'live' : 'simulator', email: env.EMAIL_PROVIDER }, 'shop is serving')
	return {
		url,
		server,
		database,
		async close() {
			await worker?.stop()
			server.closeAllConnections()
			await new Promise((r) => server.close(r))
			await vite?.close()
			await database.close()
			setDatabase(null)
		},
	}
}
