// Receiving accounts' ceilings (issue 36, ADR-049): a transfer order counts toward the account its
// buyer was shown first; once an account's paid orders reach its ceiling this Pakistan day or month,
// new buyers are shown the next accounts, and all of them when every one is at its ceiling.
import { beforeEach, describe, expect, it } from 'vitest'
import { receivingAccountsStatus, shownTransferAccounts } from '../../app/domain/settings/receiving-accounts.server'
import { periodStart } from '../../app/domain/settings/receiving-accounts'
import { transferAccountId } from '../../app/domain/settings/store-details'
import { forgetStoreDetails, updateStoreDetails } from '../../app/domain/settings/store-details.server'
import { moveClockForTests, now } from '../../app/utils/clock'
import { owner, payByTransfer } from '../setup/orders'
import { checkoutBody, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const bank = { method: 'Meezan Bank', holder: 'Karachi Games', account: '0101 2345678', iban: 'PK36SCBL0000001123456702', raastId: null, ceiling: { rupees: 3000, period: 'day' as const } }
const wallet = { method: 'JazzCash', holder: 'Karachi Games', account: '0300 1234567', iban: null, raastId: '03001234567', ceiling: { rupees: 5000, period: 'month' as const } }
const BANK = transferAccountId(bank)
const WALLET = transferAccountId(wallet)

describe.each(databaseKinds)('receiving accounts’ ceilings on %s', (kind) => {
	const test = useTestDatabase(kind)
	beforeEach(async () => {
		forgetStoreDetails()
		await updateStoreDetails(test.db, owner, { transferAccounts: [bank, wallet] })
	})

	const shown = async () => (await shownTransferAccounts(test.db)).map((a) => a.id)
	// One $10 gift card, Rs. 3200, paid by transfer.
	const placeTransfer = () => placeOrder(test.db, checkoutBody(undefined, { paymentMethod: 'manual' }))

	it('moves new buyers to the next account once one reaches its ceiling, shows all when every one has, and starts again the next day', async () => {
		expect(await shown()).toEqual([BANK, WALLET])
		const first = await placeTransfer()
		expect(first.transferAccountId).toBe(BANK)
		// Placed but not paid: nothing received yet.
		expect(await shown()).toEqual([BANK, WALLET])
		await payByTransfer(test.db, first)
		// Rs. 3200 paid into the bank today: over its Rs. 3000 ceiling.
		expect(await shown()).toEqual([WALLET])
		const second = await placeTransfer()
		expect(second.transferAccountId).toBe(WALLET)
		await payByTransfer(test.db, second)
		expect(await shown()).toEqual([WALLET])
		await payByTransfer(test.db, await placeTransfer())
		// The wallet took Rs. 6400 this month, over its Rs. 5000: every account is at its ceiling, so all are shown.
		const status = await receivingAccountsStatus(test.db)
		expect(status.map((a) => [a.id, a.received, a.atCeiling, a.shown])).toEqual([
			[BANK, 3200, true, true],
			[WALLET, 6400, true, true],
		])
		expect(await shown()).toEqual([BANK, WALLET])

		// The next Pakistan day: the bank's daily ceiling starts again; the wallet's month goes on (unless the month turned too).
		const before = now()
		moveClockForTests(24 * 3600 * 1000)
		const sameMonth = periodStart('month', before).getTime() === periodStart('month', now()).getTime()
		expect(await shown()).toEqual(sameMonth ? [BANK] : [BANK, WALLET])
		expect((await placeTransfer()).transferAccountId).toBe(BANK)
	})
})
