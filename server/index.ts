import { ConfigError, parseEnv } from '../app/utils/env.server'

// Configuration first: a bad value stops the server at once, naming the variable.
let env
try {
	env = parseEnv()
} catch (error) {
	console.error(error instanceof ConfigError ? error.message : error)
	process.exit(1)
}

const { DataDirLockedError } = await import('../app/db/client.server')
const { logger } = await import('../app/utils/logger.server')
const { startShop } = await import('./start')

// A promise nobody awaited failed: one request or job went wrong, the process is still sound.
process.on('unhandledRejection', (reason) => {
	logger.error({ err: reason }, 'unhandled promise rejection; still serving')
})
// A throw that escaped every handler may have left anything half-done: log it, then exit so
// the supervisor starts a clean process (the other instances keep serving meanwhile).
process.on('uncaughtException', (error, origin) => {
	logger.fatal({ err: error, origin }, 'uncaught exception; exiting so the supervisor restarts the shop')
	logger.flush()
	process.exit(1)
})

try {
	const shop = await startShop(env)
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			logger.info({ signal }, 'shutting down')
			shop.close().then(
				() => process.exit(0),
				() => process.exit(1),
			)
		})
	}
} catch (error) {
	if (error instanceof DataDirLockedError) console.error(error.message)
	else logger.fatal({ err: error }, 'the shop could not start')
	process.exit(1)
}
