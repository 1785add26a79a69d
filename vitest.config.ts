import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: { tsconfigPaths: true },
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/lint/**/*.test.ts'],
		environment: 'node',
		// One worker, modules shared across files: the embedded database starts once per run.
		maxWorkers: 1,
		isolate: false,
		testTimeout: 30_000,
		hookTimeout: 300_000,
		env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'test' },
	},
})
