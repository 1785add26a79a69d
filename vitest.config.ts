import { defineConfig } from 'vitest/config'
import { SlowFirst } from './tests/setup/slow-first'

export default defineConfig({
	resolve: { tsconfigPaths: true },
	// The app's JSX compiled as the build compiles it (react/jsx-runtime), to match React's production build (tests/setup/production-react.mjs).
	oxc: { jsx: { development: false } },
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/lint/**/*.test.ts'],
		environment: 'node',
		// The tests' shops serve the build: made first when the sources are newer than it. Then the seeded
		// PGlite data folder that every PGlite database of the run copies.
		globalSetup: ['tests/setup/fresh-build.ts', 'tests/setup/pglite-template.ts'],
		// A console.error no test expected fails that test (expectConsoleError for one that is meant);
		// a test that moved the shop's clock (app/utils/clock.ts) gives it back after itself.
		setupFiles: ['tests/setup/production-react.mjs', 'tests/setup/console-errors.ts', 'tests/setup/clock.ts'],
		// Three workers on this machine's two cores (many tests wait on servers, timers and the database), each with databases of its own (VITEST_POOL_ID in
		// tests/setup/postgres.ts); modules shared across a worker's files: its embedded database starts once.
		maxWorkers: 3,
		// The slowest files first, so no worker is left with one at the end (tests/setup/slow-first.ts).
		sequence: { sequencer: SlowFirst },
		isolate: false,
		testTimeout: 30_000,
		hookTimeout: 300_000,
		env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'test' },
	},
})
