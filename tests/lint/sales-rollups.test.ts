import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { SALE_STATES } from '../../app/domain/orders/order-facts'

// The rollups' triggers (drizzle/0051, 0053 and 0055, ADR-057) spell what a sale is in SQL: the same payment states
// as SALE_STATES, or the reports would count other orders than the customers' page and the leaderboard.
const migration = ['0051_history_at_scale', '0053_sales_day_deltas', '0055_delivery_time_days'].map((name) => fs.readFileSync(fileURLToPath(new URL(`../../drizzle/${name}.sql`, import.meta.url)), 'utf8')).join('\n')

describe('the sales rollups count the sales that order-facts names', () => {
	test('every list of sale states in the migration is SALE_STATES', () => {
		const lists = [...migration.matchAll(/payment_status (?:NOT )?IN \(([^)]*)\)/g)].map((m) => m[1]!.split(',').map((s) => s.trim().replace(/'/g, '')).sort())
		expect(lists.length).toBeGreaterThanOrEqual(7)
		for (const list of lists) expect(list).toEqual([...SALE_STATES].sort())
	})
})
