import { BaseSequencer, type TestSpecification } from 'vitest/node'

// Vitest hands files to its workers in order, and on a clean clone (no timings kept from an earlier
// run) it orders them by size: a short file that runs long (a server killed and started again) could
// start last and leave the other workers idle while it runs. The files measured slowest start first,
// slowest first (seconds on this machine's two cores, PGlite and PostgreSQL, measured 2026-12-07 in a whole run); the rest keep Vitest's order.
const SLOW_FIRST = [
	'tests/integration/hostile-input.test.ts', // 138 s: every route, both databases
	'tests/integration/suppliers-crash.test.ts', // 88 s: a shop killed mid-purchase and started again
	'tests/integration/backup-restore.test.ts', // 87 s: dumps and restores
	'tests/integration/database-restart.test.ts', // 74 s: a cluster of its own restarted and stopped, servers stopped and killed mid-burst
	'tests/integration/transfer-statements.test.ts', // 65 s: 1,000 lines against 300 orders
	'tests/integration/suppliers-purchase.test.ts', // 64 s: 100 orders paid at once
	'tests/integration/several-servers.test.ts', // 54 s: processes of their own
	'tests/integration/payments-claim.test.ts', // 49 s: servers killed mid-request
	'tests/integration/staff-sign-in.test.ts', // 41 s
	'tests/integration/cpu-limits.test.ts', // 35 s
	'tests/integration/container.test.ts', // 33 s: the image's command, a process of its own on a fresh PGlite
	'tests/integration/receipt-uploads.test.ts', // 32 s
	'tests/integration/store-settings.test.ts', // 26 s
	'tests/integration/content-api.test.ts', // 26 s
	'tests/integration/buyer-sign-in.test.ts', // 26 s
	'tests/integration/admin-orders.test.ts', // 25 s
	'tests/integration/hardening-http.test.ts', // 23 s
	'tests/integration/connections.test.ts', // 23 s: processes of their own
	'tests/integration/payments-http.test.ts', // 22 s
	'tests/integration/schema-constraints.test.ts', // 22 s
	'tests/integration/admin-security.test.ts', // 20 s
	'tests/integration/suppliers-console.test.ts', // 19 s
	'tests/integration/hardening-seen-units.test.ts', // 19 s
	'tests/integration/database-replica.test.ts', // 15 s: a primary and its standby of its own, a shop process on both
	'tests/integration/pgbouncer.test.ts', // 10 s: a shop process behind a PgBouncer of its own, started twice
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
