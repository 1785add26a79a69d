import { describe, expect, test } from 'vitest'
import { readSource, sourceFiles } from './source-files'

// ADR-057 and ADR-059: long reads reach their pools (the replica's, else the primary's long-read
// pool) through one seam, boundedRead; every read the replica answers goes through it.

describe('long reads go through boundedRead only', () => {
	test('no module but bounded-reads.server.ts reaches the long-read pools', () => {
		const reaching = sourceFiles('app', { tests: true })
			.concat(sourceFiles('server', { tests: true }), sourceFiles('scripts'))
			.filter((file) => file !== 'app/db/bounded-reads.server.ts' && file !== 'app/db/client.server.ts')
			.filter((file) => /\blongReadersOf\b/.test(readSource(file)))
		expect(reaching).toEqual([])
	})

	test.each([
		['app/domain/reports/sales-report.server.ts', /export async function salesReport\([^)]*\)[^{]*\{[^}]*return boundedRead\(/],
		['app/domain/customers/customers.server.ts', /export async function listCustomers\([^)]*\)[^{]*\{[^}]*return boundedRead\(/],
		['app/domain/customers/customers.server.ts', /export async function readCustomer\([^)]*\)[^{]*\{[^}]*return boundedRead\(/],
		['app/domain/orders/list-orders.server.ts', /export async function listOrders\([^)]*\)[^{]*\{[^}]*query\.q \? boundedRead\(/],
		['app/routes/admin/orders-csv.ts', /await boundedRead\(db\(\)/],
	])('%s reads through boundedRead', (file, shape) => {
		expect(readSource(file)).toMatch(shape)
	})
})
