import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT, readSource, sourceFiles } from './source-files'

// One writer of the order (ADR-036): orders, order_lines, refunds, refund_lines and coupon_redemptions
// are inserted, updated and deleted only by app/domain/orders/order-store/, where every move of the
// state records its event and tells its channels. Anywhere else, a write of them is refused here,
// named by file and line: through Drizzle (`.update(orders)`) or in raw SQL (`update order_lines`).

const FOLDERS = ['app', 'server', 'scripts', 'tests']
const WRITER = 'app/domain/orders/order-store/'
const SELF = 'tests/lint/order-writer.test.ts'

/**
 * Tests that still write the order's tables directly to set up what they check (a row from before a
 * rule, a state no command reaches). Each moves to the domain's own commands or fixtures in time;
 * the list only shrinks: a file listed with no such write left fails the last test.
 */
const STILL_WRITING = new Set([
	// Stays: it tests the database's own CHECKs, which no command would ever break.
	'tests/integration/schema-constraints.test.ts',
	// The one place tests move timestamps back (never states), and the states no command makes (any more):
	// named functions, each with its reason.
	'tests/setup/orders.ts',
	'tests/setup/report-history.ts',
])

const TABLES = 'orders|orderLines|refunds|refundLines|couponRedemptions'
const SQL_TABLES = 'orders|order_lines|refunds|refund_lines|coupon_redemptions'
const DRIZZLE_WRITE = new RegExp(`\\.(insert|update|delete)\\(\\s*(${TABLES})\\b`)
const SQL_WRITE = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?(${SQL_TABLES})\\b(?!\\.)`, 'i')

function writesIn(source: string): string[] {
	return source.split('\n').flatMap((line, i) => (DRIZZLE_WRITE.test(line) || SQL_WRITE.test(line) ? [`line ${i + 1}: ${line.trim()}`] : []))
}

const read = readSource
const scriptsUnder = (folder: string) => sourceFiles(folder, { tests: true, scripts: true })

describe("only the order's writer writes the order's tables", () => {
	test.each([
		['await tx.update(orders).set({ paymentStatus })'],
		['.insert(orderLines)'],
		['await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, id))'],
		['.update(refundLines)'],
		["await db.execute(sql`update orders set payment_status = 'paid'`)"],
		['insert into order_lines (order_id, position) values ($1, $2)'],
		['DELETE FROM "refunds" WHERE id = 1'],
		['INSERT INTO coupon_redemptions (coupon_id) VALUES (1)'],
	])('the check catches %s', (snippet) => {
		expect(writesIn(snippet)).not.toEqual([])
	})

	test.each([['await db.select().from(orders)'], ['update(stockUnits)'], ['.insert(orderEvents)'], ['update orders_to_deliver_idx'], ['select * from orders for update']])('and lets %s through', (snippet) => {
		expect(writesIn(snippet)).toEqual([])
	})

	test.each(FOLDERS)('%s writes none of them outside app/domain/orders/order-store/', (folder) => {
		const found = scriptsUnder(folder)
			.filter((file) => !file.startsWith(WRITER) && file !== SELF && !STILL_WRITING.has(file))
			.flatMap((file) => writesIn(read(file)).map((hit) => `${file}: ${hit}`))
		expect(found).toEqual([])
	})

	test('the writer itself is where they are written', () => {
		expect(scriptsUnder(WRITER).filter((file) => writesIn(read(file)).length > 0)).not.toEqual([])
	})

	test('every test still listed writes one of them (else take it off the list)', () => {
		const clean = [...STILL_WRITING].filter((file) => !fs.existsSync(path.join(ROOT, file)) || writesIn(read(file)).length === 0)
		expect(clean).toEqual([])
	})
})
