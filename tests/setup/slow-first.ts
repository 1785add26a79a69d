import { BaseSequencer, type TestSpecification } from 'vitest/node'

// Vitest hands files to its workers in order, and on a clean clone (no timings kept from an earlier
// run) it orders them by size: a short file that runs long (a server killed and started again) could
// start last and leave the other workers idle while it runs. The files measured slowest start first,
// slowest first (seconds on this machine's two cores, PGlite and PostgreSQL); the rest keep Vitest's order.
const SLOW_FIRST = [
	'tests/integration/hostile-input.test.ts', // 70 s: every route, both databases
	'tests/integration/suppliers-crash.test.ts', // 60 s: a shop killed mid-purchase and started again
	'tests/integration/database-restart.test.ts', // 85 s: a cluster of its own restarted and stopped, servers stopped and killed mid-burst
	'tests/integration/pgbouncer.test.ts', // 45 s: a shop process behind a PgBouncer of its own, started twice
	'tests/integration/backup-restore.test.ts', // 43 s: dumps and restores
	'tests/integration/payments-claim.test.ts', // 35 s: servers killed mid-request
	'tests/integration/database-replica.test.ts', // 35 s: a primary and its standby of its own, a shop process on both
	'tests/integration/container.test.ts', // 31 s: the image's command, a process of its own on a fresh PGlite
	'tests/integration/suppliers-purchase.test.ts', // 30 s: 100 orders paid at once
	'tests/integration/several-servers.test.ts', // 27 s: processes of their own
	'tests/integration/transfer-statements.test.ts', // 21 s: 1,000 lines against 300 orders
	'tests/integration/connections.test.ts', // 21 s: processes of their own
	'tests/integration/suppliers-console.test.ts', // 22 s
	'tests/integration/hardening-http.test.ts', // 21 s
	'tests/integration/staff-sign-in.test.ts', // 20 s
	'tests/integration/buyer-sign-in.test.ts', // 19 s
	'tests/integration/store-settings.test.ts', // 16 s
	'tests/integration/content-api.test.ts', // 15 s
	'tests/integration/receipt-uploads.test.ts', // 14 s
]

const rank = (file: TestSpecification) => {
	const at = SLOW_FIRST.findIndex((path) => file.moduleId.endsWith(path))
	return at < 0 ? SLOW_FIRST.length : at
}

export class SlowFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]) {
		// A stable sort: the files not named keep the order Vitest gave them.
		return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
	}
}
