// Receiving accounts' ceilings (ADR-049): a transfer order counts toward the account its buyer was
// shown first, unless a statement shows the money arrived in another: then toward that one; once an
// account's money reaches its ceiling this Pakistan day or month, new buyers are shown the next
// accounts, and all of them when every one is at its ceiling. An order keeps the account it was
// shown, on its page and in its email, with each account's IBAN and Raast ID.
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { emailOutbox } from '../../app/db/schema'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import type { Order } from '../../app/domain/orders/order'
import { importStatementFrom } from '../../app/domain/payments/statement-import.server'
import { receivingAccountsStatus, shownTransferAccounts, transferAccountsForOrder } from '../../app/domain/settings/receiving-accounts.server'
import { periodStart } from '../../app/domain/settings/receiving-accounts'
import { transferAccountId } from '../../app/domain/settings/store-details'
import { forgetStoreDetails, updateStoreDetails } from '../../app/domain/settings/store-details.server'
import { moveClockForTests, now } from '../../app/utils/clock'
import { owner, payByTransfer, sendReceipt, tidOf } from '../setup/orders'
import { checkoutBody, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { pakistanDate } from '../../app/utils/pakistan-time'

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
	it('counts money a statement shows in the other account toward that one; an order keeps the account it was shown, in its email with IBAN and Raast ID', async () => {
		const placedEmail = async (order: Order) => {
			const [row] = await test.db.select().from(emailOutbox).where(and(eq(emailOutbox.orderNumber, order.orderNumber), eq(emailOutbox.dedupeKey, `order-placed:${order.orderNumber}`)))
			return openEmail(row!).text
		}
		const first = await placeTransfer()
		expect(first.transferAccountId).toBe(BANK)
		// Its email names both accounts, the bank's IBAN and the wallet's Raast ID written whole.
		const email = await placedEmail(first)
		expect(email).toContain('Meezan Bank: 0101 2345678 · Account holder: Karachi Games · IBAN: PK36SCBL0000001123456702')
		expect(email).toContain('JazzCash: 0300 1234567 · Account holder: Karachi Games · Raast ID: 03001234567')

		// The buyer was shown the bank first but sent the money to the wallet: its statement confirms the order.
		await sendReceipt(test.db, first)
		const imported = await importStatementFrom(test.db, owner, { accountId: WALLET, kind: 'lines', lines: [{ date: pakistanDate(now()), amount: 3200, reference: tidOf(first), payer: 'Sara Ahmed' }] })
		expect(imported.confirmed).toEqual([first.orderNumber])
		expect((await receivingAccountsStatus(test.db)).map((a) => [a.id, a.received])).toEqual([
			[BANK, 0],
			[WALLET, 3200],
		])
		// The bank took nothing: new buyers are still shown it first.
		expect(await shown()).toEqual([BANK, WALLET])
		const early = await placeTransfer()
		expect(early.transferAccountId).toBe(BANK)

		// The next order is paid into the bank (confirmed by staff from its receipt): over the bank's Rs. 3000 today.
		const second = await placeTransfer()
		expect(second.transferAccountId).toBe(BANK)
		await payByTransfer(test.db, second)
		expect(await shown()).toEqual([WALLET])
		const third = await placeTransfer()
		expect(third.transferAccountId).toBe(WALLET)
		expect(await placedEmail(third)).not.toContain('Meezan Bank')
		// An order placed before the bank filled keeps it first on its page (its buyer may have paid there already); the one placed after does not see it.
		expect((await transferAccountsForOrder(test.db, early)).map((a) => a.id)).toEqual([BANK, WALLET])
		expect((await transferAccountsForOrder(test.db, third)).map((a) => a.id)).toEqual([WALLET])
		// Paying the third into the wallet takes it to Rs. 6400 this month, over its Rs. 5000: every account is full, all are shown.
		await payByTransfer(test.db, third)
		expect(await shown()).toEqual([BANK, WALLET])
	})
})
