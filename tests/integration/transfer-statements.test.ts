// Transfers verified, not eyeballed (ADR-049): the buyer's transaction ID (TID) and payer with the
// receipt, one order per TID; a receiving account's statement matched with the orders waiting for a
// transfer (exact matches confirmed once, near ones proposed with their differences, the rest listed).
import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, emailOutbox, orderEvents, orders, statementCredits } from '../../app/db/schema'
import { confirmOrderWithCredit, importStatementFrom, statementMapping } from '../../app/domain/payments/statement-import.server'
import { readStoreDetails } from '../../app/domain/settings/store-details.server'
import { transferAccountId } from '../../app/domain/settings/store-details'
import type { Order } from '../../app/domain/orders/order'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { AppError } from '../../app/utils/app-error'
import { owner, sendReceipt, tidOf } from '../setup/orders'
import { orderTimeline } from '../../app/domain/orders/order-timeline.server'
import { confirmTransfer } from '../../app/domain/payments/review-transfer.server'
import { checkoutBody, orderRow, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { useTestShop } from '../setup/test-shop'
import { pakistanDate } from '../../app/utils/pakistan-time'

const manualOrder = (db: Db, extra: Record<string, unknown> = {}) => placeOrder(db, checkoutBody(undefined, { paymentMethod: 'manual', ...extra }))
const refusalKey = async (promise: Promise<unknown>) => {
	const error = await promise.then(() => null).catch((e: unknown) => e)
	expect(error).toBeInstanceOf(AppError)
	return { code: (error as AppError).code, key: keyOf(error as AppError) }
}
const keyOf = (error: AppError) => (typeof error.said === 'string' ? error.said : error.said.key)
const accountIdOf = async (db: Db) => transferAccountId((await readStoreDetails(db)).transferAccounts[0]!)
const today = () => pakistanDate(new Date())
const paidEvents = (db: Db, orderIds: number[]) =>
	db
		.select()
		.from(orderEvents)
		.where(and(inArray(orderEvents.orderId, orderIds), inArray(orderEvents.kind, ['confirmTransfer', 'confirmByStaff'])))

describe.each(databaseKinds)('transfers verified on %s', (kind) => {
	describe('the TID and payer with the receipt', () => {
		const test = useTestDatabase(kind)

		it('keeps the TID normalised (spaces, dashes, Urdu digits, lower case) and the payer as written', async () => {
			const order = await manualOrder(test.db)
			const sent = await sendReceipt(test.db, order, { transactionId: ' tid-۰۱۲ ٣٤ ab ', payerAccount: '  Ali   Khan,\tJazzCash ' })
			expect(sent.paymentStatus).toBe('awaiting_confirmation')
			expect(sent.transferTid).toBe('TID01234AB')
			expect(sent.transferPayer).toBe('Ali Khan, JazzCash')
		})

		it('refuses a receipt without a TID or a payer, or with a TID that is no TID, before storing anything', async () => {
			const order = await manualOrder(test.db)
			expect(await refusalKey(sendReceipt(test.db, order, { transactionId: '  - ' }))).toEqual({ code: 'BAD_REQUEST', key: 'checkout.receipt.tidMissing' })
			expect(await refusalKey(sendReceipt(test.db, order, { transactionId: 'TID€€€€' }))).toEqual({ code: 'BAD_REQUEST', key: 'checkout.receipt.tidInvalid' })
			expect(await refusalKey(sendReceipt(test.db, order, { transactionId: 'X'.repeat(41) }))).toEqual({ code: 'BAD_REQUEST', key: 'checkout.receipt.tidInvalid' })
			expect(await refusalKey(sendReceipt(test.db, order, { payerAccount: ' ' }))).toEqual({ code: 'BAD_REQUEST', key: 'checkout.receipt.payerMissing' })
			expect(await refusalKey(sendReceipt(test.db, order, { payerAccount: 'A'.repeat(121) }))).toEqual({ code: 'BAD_REQUEST', key: 'checkout.receipt.payerTooLong' })
			const row = (await orderRow(test.db, order.orderNumber))!
			expect(row).toMatchObject({ paymentStatus: 'awaiting_payment', receiptPath: null, transferTid: null })
		})

		it('refuses a TID another order has, one after the other; the same order may send it again', async () => {
			const first = await manualOrder(test.db)
			const second = await manualOrder(test.db)
			await sendReceipt(test.db, first, { transactionId: '5555 6666 7777' })
			expect(await refusalKey(sendReceipt(test.db, second, { transactionId: '5555-6666-7777' }))).toEqual({ code: 'CONFLICT', key: 'checkout.receipt.tidUsed' })
			expect((await orderRow(test.db, second.orderNumber))!.paymentStatus).toBe('awaiting_payment')
			const again = await sendReceipt(test.db, (await orderRow(test.db, first.orderNumber))! as Order, { transactionId: '555566667777' })
			expect(again.transferTid).toBe('555566667777')
		})

		it('lets one of two orders have a TID sent for both at once', async () => {
			const three = await Promise.all([manualOrder(test.db), manualOrder(test.db), manualOrder(test.db)])
			const results = await Promise.allSettled(three.map((o) => sendReceipt(test.db, o, { transactionId: 'RACE12345' })))
			expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
			for (const r of results.filter((r) => r.status === 'rejected')) expect(keyOf(r.reason as AppError)).toBe('checkout.receipt.tidUsed')
			const rows = await test.db.select({ tid: orders.transferTid, status: orders.paymentStatus }).from(orders).where(eq(orders.transferTid, 'RACE12345'))
			expect(rows).toEqual([{ tid: 'RACE12345', status: 'awaiting_confirmation' }])
		})
	})

	describe('a statement matched with the orders waiting', () => {
		const test = useTestDatabase(kind)

		it('confirms an exact match once, proposes near ones with what differs, lists the rest; importing again changes nothing', async () => {
			const { db } = test
			const accountId = await accountIdOf(db)
			const exact = await sendReceipt(db, await manualOrder(db))
			const wrongAmount = await sendReceipt(db, await manualOrder(db))
			const noReceipt = await manualOrder(db, { customerName: 'Bilal Ahmed' })
			const lines = [
				{ date: today(), amount: exact.totalAmount, reference: tidOf(exact), payer: 'ALI KHAN' },
				{ date: today(), amount: wrongAmount.totalAmount + 500, reference: tidOf(wrongAmount).toLowerCase(), payer: 'Ali Khan' },
				{ date: today(), amount: noReceipt.totalAmount, reference: '', payer: 'Zainab Noor' },
				{ date: today(), amount: 123_456, reference: 'FOREIGN1', payer: 'Someone Else' },
			]
			const first = await importStatementFrom(db, owner, { accountId, kind: 'lines', lines })
			expect(first.confirmed).toEqual([exact.orderNumber])
			expect((await orderRow(db, exact.orderNumber))!.paymentStatus).toBe('paid')
			const near = first.proposed.find((p) => p.orderNumber === wrongAmount.orderNumber)!
			expect(near.differences).toEqual([`amount differs: the statement shows Rs. ${(wrongAmount.totalAmount + 500).toLocaleString('en')}, the order is Rs. ${wrongAmount.totalAmount.toLocaleString('en')}`])
			const byAmount = first.proposed.find((p) => p.orderNumber === noReceipt.orderNumber && p.credit.payer === 'Zainab Noor')!
			expect(byAmount.differences).toEqual(['the buyer has not uploaded a receipt or transaction ID yet', 'payer differs: the statement names “Zainab Noor”, the buyer is Bilal Ahmed'])
			expect(first.unmatched.map((c) => c.reference)).toEqual(['FOREIGN1'])
			// Confirmed as staff confirm a transfer: one paid email, audited with the statement's line.
			expect(await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-paid:${exact.orderNumber}`))).toHaveLength(1)
			const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'transfer.confirm-statement'))
			expect(audit).toMatchObject({ orderNumber: exact.orderNumber })
			expect(audit!.note).toContain(`reference ${tidOf(exact)}`)

			const second = await importStatementFrom(db, owner, { accountId, kind: 'lines', lines })
			expect(second).toMatchObject({ confirmed: [], alreadyImported: 4 })
			expect(await db.select().from(statementCredits)).toHaveLength(4)
			expect(await paidEvents(db, [exact.id, wrongAmount.id, noReceipt.id])).toHaveLength(1)
			expect((await orderRow(db, wrongAmount.orderNumber))!.paymentStatus).toBe('awaiting_confirmation')

			// Staff confirm a proposal with its credit; the credit cannot confirm a second order.
			await confirmOrderWithCredit(db, owner, byAmount.credit.id, noReceipt.orderNumber)
			expect((await orderRow(db, noReceipt.orderNumber))!.paymentStatus).toBe('paid')
			expect(await refusalKey(confirmOrderWithCredit(db, owner, byAmount.credit.id, wrongAmount.orderNumber))).toMatchObject({ code: 'CONFLICT' })
			expect((await orderRow(db, wrongAmount.orderNumber))!.paymentStatus).toBe('awaiting_confirmation')

			// The timeline (the console's order page) names a confirmation from the statement as such, apart from staff's own.
			const [bank] = (await readStoreDetails(db)).transferAccounts
			const label = `${bank!.method} ${bank!.account}`
			const paidFacts = async (order: Pick<Order, 'orderNumber'>) => {
				const row = (await orderRow(db, order.orderNumber))!
				const paid = (await orderTimeline(db, row)).find((e) => e.what === 'Transfer confirmed' || e.what === 'Marked paid by staff')!
				return { what: paid.what, details: paid.details }
			}
			expect(await paidFacts(exact)).toEqual({ what: 'Transfer confirmed', details: [`Confirmed from the statement of ${label}, line 1`] })
			expect((await paidFacts(noReceipt)).details).toEqual([`Confirmed from the statement of ${label}`, 'A near match, chosen by staff from the statement'])
			const [event] = await paidEvents(db, [exact.id])
			expect(event!.facts).toMatchObject({ fromStatement: label, statementLine: 1, chosenByStaff: false })
			await confirmTransfer(db, owner, wrongAmount.orderNumber, 'Seen in the bank app')
			expect(await paidFacts(wrongAmount)).toEqual({ what: 'Transfer confirmed', details: [] })
		})

		it('reads a CSV with the account’s columns, keeps them, and names the lines it cannot read', async () => {
			const { db } = test
			const accountId = await accountIdOf(db)
			const order = await sendReceipt(db, await manualOrder(db))
			const [y, m, d] = today().split('-')
			const csv = [
				'Txn Date;Details;Ref No;Debit;Credit',
				`${d}/${m}/${y};ALI KHAN;${tidOf(order)};;"${order.totalAmount.toLocaleString('en')}.00"`,
				`${d}/${m}/${y};RENT;X1;5000;`,
				`00/01/0000;OLD;X2;;100`,
				`31/12/9999;LATE;X3;;100`,
				`${d}/${m}/${y};HUGE;X4;;99999999999999999999`,
			].join('\n')
			const mapping = { date: 'Txn Date', amount: 'Credit', reference: 'Ref No', payer: 'Details', dateFormat: 'DD/MM/YYYY' as const }
			const result = await importStatementFrom(db, owner, { accountId, kind: 'csv', text: csv, mapping })
			expect(result.confirmed).toEqual([order.orderNumber])
			expect(result.skipped.map((s) => s.line)).toEqual([4, 5, 6])
			expect(result.skipped[2]!.reason).toMatch(/not whole rupees|beyond what an order can total/)
			expect(await statementMapping(db, accountId)).toEqual({ mapping, kept: true })
			// Columns the file does not have: a sentence naming the ones it has.
			await expect(importStatementFrom(db, owner, { accountId, kind: 'csv', text: 'When,What\n1,2', mapping: null })).rejects.toThrow(/Its columns are: When, What/)
			await expect(importStatementFrom(db, owner, { accountId: 'no-such', kind: 'lines', lines: [{ date: today(), amount: 1 }] })).rejects.toThrow(/There is no receiving account/)
		})

		it('confirms each order once when the same statement is imported twice at the same time', async () => {
			const { db } = test
			const accountId = await accountIdOf(db)
			const waiting = await Promise.all(Array.from({ length: 6 }, async () => sendReceipt(db, await manualOrder(db))))
			const lines = waiting.map((o) => ({ date: today(), amount: o.totalAmount, reference: tidOf(o), payer: 'Ali Khan' }))
			const [a, b] = await Promise.all([importStatementFrom(db, owner, { accountId, kind: 'lines', lines }), importStatementFrom(db, owner, { accountId, kind: 'lines', lines })])
			expect([...a.confirmed, ...b.confirmed].sort()).toEqual(waiting.map((o) => o.orderNumber).sort())
			expect(await paidEvents(db, waiting.map((o) => o.id))).toHaveLength(6)
			const credits = await db.select().from(statementCredits)
			expect(credits).toHaveLength(6)
			expect(new Set(credits.map((c) => c.orderId)).size).toBe(6)
		})

		it('matches a statement of 1,000 lines with 300 waiting orders: exact ones confirmed once, near ones proposed, nothing else touched', { timeout: 240_000 }, async () => {
			const { db } = test
			const accountId = await accountIdOf(db)
			const placed: Order[] = []
			for (let i = 0; i < 300; i++) placed.push(await manualOrder(db))
			// 100 with a receipt the statement shows exactly, 100 with a receipt whose TID the statement gets wrong, 100 without a receipt.
			const exact = await Promise.all(placed.slice(0, 100).map((o) => sendReceipt(db, o)))
			const mistyped = await Promise.all(placed.slice(100, 200).map((o) => sendReceipt(db, o)))
			const amount = placed[0]!.totalAmount
			const lines: { date: string; amount: number; reference: string; payer: string }[] = []
			for (const o of exact) lines.push({ date: today(), amount, reference: tidOf(o), payer: 'Ali Khan' })
			for (const o of exact.slice(0, 50)) lines.push({ date: today(), amount, reference: tidOf(o), payer: 'Ali Khan' }) // duplicates
			for (const o of mistyped) lines.push({ date: today(), amount: amount + 1, reference: tidOf(o), payer: 'Ali Khan' }) // TID right, amount wrong
			for (let i = 0; lines.length < 1000; i++) lines.push({ date: today(), amount: 7_000_000 + i, reference: `FOREIGN${i}`, payer: 'Other Buyer' })
			const started = Date.now()
			const [one, two] = await Promise.all([importStatementFrom(db, owner, { accountId, kind: 'lines', lines }), importStatementFrom(db, owner, { accountId, kind: 'lines', lines })])
			const again = await importStatementFrom(db, owner, { accountId, kind: 'lines', lines })
			expect(Date.now() - started).toBeLessThan(200_000)
			expect([...one.confirmed, ...two.confirmed, ...again.confirmed].sort()).toEqual(exact.map((o) => o.orderNumber).sort())
			expect(again.alreadyImported).toBe(950)
			expect(await paidEvents(db, placed.map((o) => o.id))).toHaveLength(100)
			const proposedOrders = new Set(again.proposed.map((p) => p.orderNumber))
			for (const o of mistyped) expect(proposedOrders.has(o.orderNumber)).toBe(true)
			expect(again.unmatched).toHaveLength(750)
			const states = await db.select({ n: orders.orderNumber, s: orders.paymentStatus }).from(orders).where(inArray(orders.id, placed.map((o) => o.id)))
			const expected = new Map([...exact.map((o) => [o.orderNumber, 'paid'] as const), ...mistyped.map((o) => [o.orderNumber, 'awaiting_confirmation'] as const), ...placed.slice(200).map((o) => [o.orderNumber, 'awaiting_payment'] as const)])
			expect(new Map(states.map((row) => [row.n, row.s]))).toEqual(expected)
		})
	})

	describe('over HTTP', () => {
		const shop = useTestShop(kind, 'transfer-statements', {}, { emptiedAfterEach: true })

		it('imports JSON lines and a CSV upload with an API key of the transfers scope; refuses other keys and bad input with sentences', async () => {
			const db = shop.db
			const accountId = await accountIdOf(db)
			const key = (await createApiKey(db, 'Bank sync', null, { scopes: ['transfers'] })).key
			const other = (await createApiKey(db, 'Reports', null, { scopes: ['reports'] })).key
			const order = await sendReceipt(db, await manualOrder(db))
			const url = `${shop.url}/api/admin/transfer-statements`
			const post = (body: BodyInit, headers: Record<string, string> = {}, k = key) => fetch(url, { method: 'POST', headers: { 'X-ADMIN-KEY': k, ...headers }, body })
			const json = (value: unknown) => JSON.stringify(value)

			const refused = await post(json({ accountId, lines: [{ date: today(), amount: 1 }] }), { 'Content-Type': 'application/json' }, other)
			expect(refused.status).toBe(403)

			const res = await post(json({ accountId, lines: [{ date: today(), amount: order.totalAmount, reference: tidOf(order), payer: 'Ali Khan' }] }), { 'Content-Type': 'application/json' })
			expect(res.status).toBe(200)
			expect(await res.json()).toMatchObject({ accountId, confirmed: [order.orderNumber], proposed: [], unmatched: [] })

			const form = new FormData()
			form.append('accountId', accountId)
			form.append('file', new Blob(['Date,Credit,Reference,Description\n01/12/2026,500,ABC123,Sara\n']), 'statement.csv')
			const upload = await post(form)
			expect(upload.status).toBe(200)
			expect(await upload.json()).toMatchObject({ unmatched: [{ date: '2026-12-01', amount: 500, reference: 'ABC123', payer: 'Sara' }] })

			const cases: [BodyInit, Record<string, string>, number, RegExp][] = [
				['date,amount', { 'Content-Type': 'text/plain' }, 415, /form upload|JSON/],
				[json({ accountId, lines: [] }), { 'Content-Type': 'application/json' }, 400, /no lines/],
				[json({ accountId: 'x\u0000y', lines: [{ date: today(), amount: 5 }] }), { 'Content-Type': 'application/json' }, 400, /character/],
				[json({ accountId, lines: Array.from({ length: 5001 }, () => ({ date: today(), amount: 1 })) }), { 'Content-Type': 'application/json' }, 400, /more than 5,000 lines/],
				[json({ accountId, lines: [{ date: today(), amount: 'x'.repeat(41) }] }), { 'Content-Type': 'application/json' }, 400, /amount/],
				['{"accountId":', { 'Content-Type': 'application/json' }, 400, /./],
			]
			for (const [body, headers, status, sentence] of cases) {
				const answer = await post(body, headers)
				expect(answer.status, String(body).slice(0, 40)).toBe(status)
				expect((await answer.json()).error).toMatch(sentence)
			}
			const nul = new FormData()
			nul.append('accountId', accountId)
			nul.append('file', new Blob(['Date,Credit\n\u0000']), 's.csv')
			expect((await post(nul)).status).toBe(400)
			const bad = new FormData()
			bad.append('accountId', accountId)
			bad.append('file', new Blob(['Date,Credit,Reference,Description\n"unclosed,1,2,3\n']), 's.csv')
			const badAnswer = await post(bad)
			expect(badAnswer.status).toBe(400)
			expect((await badAnswer.json()).error).toMatch(/not a CSV/)
			const huge = new FormData()
			huge.append('accountId', accountId)
			huge.append('file', new Blob(['x'.repeat(2 * 1024 * 1024 + 10)]), 's.csv')
			const hugeAnswer = await post(huge)
			expect(hugeAnswer.status).toBe(413)
			const years = await post(json({ accountId, lines: [{ date: '0000-01-01', amount: 5 }, { date: '9999-12-31', amount: 5 }, { date: today(), amount: 2_147_483_648 }] }), { 'Content-Type': 'application/json' })
			expect(years.status).toBe(200)
			expect((await years.json()).skipped).toHaveLength(3)
			// Nothing but the one exact match was paid.
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
		})
	})
})
