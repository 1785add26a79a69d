import { describe, expect, test } from 'vitest'
import { readSource, sourceFiles } from './source-files'

// The order's facts are named once (app/domain/orders/order-facts.ts, ADR-023): no domain file or route
// compares a payment state with a literal. The states are spelt in order-state.ts (the machine), in
// order-facts.ts (the facts) and in status.ts (the words and the spec's values of each state); the
// schema's CHECK reads app/db/order-states.ts.
//
// What counts as a state literal: one of the unambiguous state names anywhere ('partly_refunded',
// 'paid_after_cancel', 'awaiting_payment', 'awaiting_confirmation'), and 'paid' or 'refunded' on a line
// that names the payment status (those two words are also the names of events and outcomes).

const FOLDERS = ['app/domain', 'app/routes']
const OWNERS = new Set(['app/domain/orders/order-state.ts', 'app/domain/orders/order-facts.ts', 'app/domain/orders/status.ts'])

const ALWAYS = /'(partly_refunded|paid_after_cancel|awaiting_payment|awaiting_confirmation)'/
const NEAR_STATUS = /'(paid|refunded)'/
const STATUS = /paymentStatus|payment_status/

function stateLiteralsIn(source: string): string[] {
	return source.split('\n').flatMap((line, i) => (ALWAYS.test(line) || (STATUS.test(line) && NEAR_STATUS.test(line)) ? [`line ${i + 1}: ${line.trim()}`] : []))
}

describe('no payment state literal outside the order facts', () => {
	test.each([
		["eq(orders.paymentStatus, 'paid')"],
		["where payment_status = 'paid'"],
		["sql`${orders.paymentStatus} in ('paid', 'partly_refunded')`"],
		["const PAID = sql.raw(`o.payment_status in ('paid', 'refunded') and not o.test_payment`)"],
		["if (order.paymentStatus === 'refunded') return"],
		["const HELD = ['paid_after_cancel']"],
		["state === 'awaiting_payment'"],
	])('the check catches %s', (snippet) => {
		expect(stateLiteralsIn(snippet)).not.toEqual([])
	})

	test.each([["await queueOrderNotices(tx, order, 'paid', key)"], ["if (outcome === 'paid') return"], ['where(isPaidSql())'], ["t('order.payment.refunded')"]])('and lets %s through', (snippet) => {
		expect(stateLiteralsIn(snippet)).toEqual([])
	})

	test.each(FOLDERS)('%s compares no payment state with a literal', (folder) => {
		const found = sourceFiles(folder)
			.filter((file) => !OWNERS.has(file))
			.flatMap((file) => stateLiteralsIn(readSource(file)).map((hit) => `${file}: ${hit}`))
		expect(found).toEqual([])
	})
})
