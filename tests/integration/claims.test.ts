// Claims (ADR-052): a buyer reports a delivered unit that does not work, with a screenshot and a
// sentence, within its product's window and only once they have seen it; staff answer with a
// replacement from stock, a refund of that unit or a refusal the buyer reads; a product may replace
// from stock at once, once per order. PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, emailOutbox, files, refunds, stockAssignments, stockUnits, unitClaims } from '../../app/db/schema'
import { answerClaim, listClaims, openClaim, unitClaimsOf } from '../../app/domain/claims/claims.server'
import { updateProduct } from '../../app/domain/catalogue/manage-products.server'
import { shopFileStore } from '../../app/domain/files/file-store.server'
import type { UploadLimits } from '../../app/domain/payments/attach-receipt.server'
import { staffActor } from '../../app/domain/staff/audit.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { orderStockUnits } from '../../app/domain/stock/order-stock.server'
import { deliveryText } from '../../app/domain/orders/staff-order-view.server'
import { moveClockForTests } from '../../app/utils/clock'
import { codes, giftCardWithTwoOptions } from '../setup/catalogue'
import { owner, payByTransfer, revealAllAsBuyer } from '../setup/orders'
import { checkoutBody, orderRow, placeOrder, png } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { refusedWith } from '../setup/coupons'

const LIMITS: UploadLimits = { perAddressBytesPerDay: 50 * 1024 * 1024, totalBytes: 500 * 1024 * 1024 }
const DAY = 24 * 3600_000

async function* bytes(data: Uint8Array) {
	yield data
}

describe.each(databaseKinds)('claims on %s', (kind) => {
	const database = useTestDatabase(kind)

	/** A paid order of `quantity` PSN $10 codes, delivered from stock (with `spare` more codes left in stock). */
	async function deliveredOrder(db: Db, { quantity = 1, spare = 1, prefix = 'CLM' } = {}) {
		const { productId, ten } = await giftCardWithTwoOptions(db, `PSN Card ${prefix}`)
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes(prefix, quantity + spare) })
		const placed = await placeOrder(db, checkoutBody([{ id: productId, quantity, variantId: ten }], { paymentMethod: 'manual' }))
		const order = await payByTransfer(db, placed)
		const units = await orderStockUnits(db, order.id)
		return { productId, variantId: ten, order, units }
	}
	const seen = (db: Db, orderNumber: string) => revealAllAsBuyer(db, { orderNumber })
	const claim = async (db: Db, orderNumber: string, unitId: number, text = 'It says the code was already redeemed.', file: Uint8Array = png()) =>
		openClaim(db, shopFileStore(db), (await orderRow(db, orderNumber))!, bytes(file), { unitId, text, uploader: '203.0.113.9', limits: LIMITS })
	/** A staff member without the refunds grant. */
	const clerk = async (db: Db) => staffActor({ ...(await createStaff(db, { email: 'clerk@example.pk', name: 'Clerk', role: 'staff' })), grants: [] })
	const refusal = refusedWith

	it('takes a claim only on a unit the buyer has seen, within the product’s days, and never on a product with 0 days', async () => {
		const { db } = database
		const { order, units, productId } = await deliveredOrder(db)
		const unit = units[0]!
		// Delivered but never shown: not claimable yet.
		expect((await refusal(claim(db, order.orderNumber, unit.assignmentId))).key).toBe('claims.error.notSeen')
		expect((await unitClaimsOf(db, (await orderRow(db, order.orderNumber))!))[0]).toMatchObject({ claimable: false, claim: null })
		await seen(db, order.orderNumber)
		expect((await unitClaimsOf(db, (await orderRow(db, order.orderNumber))!))[0]).toMatchObject({ unitId: unit.assignmentId, claimable: true, masked: '•••• XQ7K', n: 1 })
		// Not this order's unit, or a sentence missing or too long: refused before a byte is stored.
		expect((await refusal(claim(db, order.orderNumber, unit.assignmentId + 1000))).key).toBe('claims.error.unitNotFound')
		expect((await refusal(claim(db, order.orderNumber, unit.assignmentId, '   '))).key).toBe('claims.error.textMissing')
		expect((await refusal(claim(db, order.orderNumber, unit.assignmentId, 'x'.repeat(1001)))).message).toBe('Please keep it to 1000 characters.')
		// Not an image: the receipt's check, said as the screenshot's.
		expect((await refusal(claim(db, order.orderNumber, unit.assignmentId, 'Broken', new TextEncoder().encode('%PDF-1.4 not an image')))).key).toBe('claims.error.notImage')
		expect(await db.select().from(files).where(eq(files.kind, 'claim-screenshot'))).toEqual([])

		// Past the window (7 days by default): closed, with the last day in Pakistan time.
		moveClockForTests(8 * DAY)
		const closed = await refusal(claim(db, order.orderNumber, unit.assignmentId))
		expect(closed.key).toBe('claims.error.windowClosed')
		expect(closed.message).toMatch(/^Reports for this item could be sent until \d{1,2} \w+ \d{4}\./)
		// The owner widens it to 30 days: open again. Then 0: no claims at all.
		await updateProduct(db, owner, productId, { claimDays: 30 })
		await updateProduct(db, owner, productId, { claimDays: 0 })
		expect((await refusal(claim(db, order.orderNumber, unit.assignmentId))).key).toBe('claims.error.noClaims')
		await updateProduct(db, owner, productId, { claimDays: 30 })
		expect(await claim(db, order.orderNumber, unit.assignmentId)).toMatchObject({ status: 'open', created: true })
	})

	it('makes one claim of a unit however often and at once it is sent, keeping one screenshot', async () => {
		const { db } = database
		const { order, units } = await deliveredOrder(db)
		await seen(db, order.orderNumber)
		const sent = await Promise.all(Array.from({ length: 6 }, () => claim(db, order.orderNumber, units[0]!.assignmentId)))
		expect(new Set(sent.map((c) => c.id)).size).toBe(1)
		expect(sent.filter((c) => c.created)).toHaveLength(1)
		expect(await db.select().from(unitClaims)).toHaveLength(1)
		// The others' screenshots are not kept.
		expect(await db.select().from(files).where(eq(files.kind, 'claim-screenshot'))).toHaveLength(1)
		expect((await claim(db, order.orderNumber, units[0]!.assignmentId)).created).toBe(false)
		const queue = await listClaims(db)
		expect(queue.open).toBe(1)
		expect(queue.claims[0]).toMatchObject({ orderNumber: order.orderNumber, product: 'PSN Card CLM', text: 'It says the code was already redeemed.', unit: { masked: '•••• XQ7K' } })
		expect(queue.claims[0]!.screenshotUrl).toBe(`/admin/claims/${queue.claims[0]!.id}/screenshot`)
	})

	it('answers with a replacement: the old code voided and shown as replaced, a new one delivered from stock, the buyer emailed in their language', async () => {
		const { db } = database
		const { order, units } = await deliveredOrder(db, { prefix: 'REP' })
		await seen(db, order.orderNumber)
		const { id } = await claim(db, order.orderNumber, units[0]!.assignmentId)
		const done = await answerClaim(db, await clerk(db), id, { answer: 'replace' })
		expect(done).toMatchObject({ answer: 'replace', orderNumber: order.orderNumber })
		const content = deliveryText((await orderRow(db, order.orderNumber))!.deliveryContent)!
		expect(content).toContain('REP-0002-XQ7K')
		expect(content).not.toContain('REP-0001')
		expect(content).toMatch(/Replaced on .*: the code •••• XQ7K no longer applies\./)
		const [old] = await db.select().from(stockUnits).where(eq(stockUnits.id, units[0]!.unitId))
		// The old code had one slot, used: it is not sold again.
		expect(old!.status).not.toBe('available')
		const views = await unitClaimsOf(db, (await orderRow(db, order.orderNumber))!)
		expect(views.find((v) => v.unitId === units[0]!.assignmentId)).toMatchObject({ claim: { status: 'answered', answer: 'replace' }, claimable: false })
		const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `claim-answered:${id}`))
		expect(mail).toHaveLength(1)
		expect(mail[0]!.subject).toBe(`We answered your report on order ${order.orderNumber}`)
		expect(mail[0]!.text).toContain(`We replaced the code •••• XQ7K from order ${order.orderNumber} with a new one.`)
		expect(mail[0]!.text).not.toContain('REP-0002')
		// Answered once: a second answer is refused, and the audit names the claim.
		expect((await refusal(answerClaim(db, owner, id, { answer: 'refuse', reason: 'no' }))).message).toBe('This claim was answered already: reload the queue.')
		expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'claim.answer'), eq(auditLog.target, `claim ${id}`)))).toHaveLength(1)
	})

	it('says there is no stock to replace from, and the claim stays open', async () => {
		const { db } = database
		const { order, units } = await deliveredOrder(db, { spare: 0, prefix: 'NOS' })
		await seen(db, order.orderNumber)
		const { id } = await claim(db, order.orderNumber, units[0]!.assignmentId)
		expect((await refusal(answerClaim(db, owner, id, { answer: 'replace' }))).message).toMatch(/There is no stock left for this option/)
		expect((await listClaims(db)).claims.map((c) => c.id)).toEqual([id])
	})

	it('answers with a refund of that unit (refunds grant only): the money back, the unit voided, the claim shows refunded', async () => {
		const { db } = database
		const { order, units } = await deliveredOrder(db, { quantity: 2, prefix: 'RFD' })
		await seen(db, order.orderNumber)
		const { id } = await claim(db, order.orderNumber, units[1]!.assignmentId)
		expect((await refusal(answerClaim(db, await clerk(db), id, { answer: 'refund', reason: 'Code was used', method: 'bank' }))).code).toBe('FORBIDDEN')
		expect((await refusal(answerClaim(db, owner, id, { answer: 'refund', method: 'bank' }))).code).toBe('BAD_REQUEST')
		const done = await answerClaim(db, owner, id, { answer: 'refund', reason: 'The code was used before you got it', method: 'bank' })
		const after = (await orderRow(db, order.orderNumber))!
		expect(after).toMatchObject({ paymentStatus: 'partly_refunded', refundedAmount: 3200 })
		const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id))
		expect(refund).toMatchObject({ id: done.refundId, amount: 3200, method: 'bank' })
		const [voided] = await db.select().from(stockAssignments).where(eq(stockAssignments.id, units[1]!.assignmentId))
		expect(voided!.refundedAt).not.toBeNull()
		const views = await unitClaimsOf(db, after)
		expect(views.find((v) => v.unitId === units[1]!.assignmentId)).toMatchObject({ claim: { answer: 'refund' } })
		// The other unit is still the buyer's, and still claimable.
		expect(views.find((v) => v.unitId === units[0]!.assignmentId)).toMatchObject({ claimable: true, claim: null })
		// The refund's own email tells it; no second email for the claim.
		expect(await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `claim-answered:${id}`))).toEqual([])
		expect(await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-refund:${order.orderNumber}:${done.refundId}`))).toHaveLength(1)
	})

	it('answers with a refusal the buyer reads on the page and in the email, and stock is untouched', async () => {
		const { db } = database
		const { order, units, variantId } = await deliveredOrder(db, { prefix: 'REF' })
		await seen(db, order.orderNumber)
		const { id } = await claim(db, order.orderNumber, units[0]!.assignmentId)
		expect((await refusal(answerClaim(db, owner, id, { answer: 'refuse' }))).message).toBe('Please write a reason: the buyer reads it on their order page and in the email.')
		await answerClaim(db, owner, id, { answer: 'refuse', reason: 'The screenshot shows a different account’s region.' })
		const views = await unitClaimsOf(db, (await orderRow(db, order.orderNumber))!)
		expect(views[0]).toMatchObject({ claim: { answer: 'refuse', reason: 'The screenshot shows a different account’s region.' } })
		const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `claim-answered:${id}`))
		expect(mail!.text).toContain('Reason: The screenshot shows a different account’s region.')
		expect(await db.select().from(stockUnits).where(and(eq(stockUnits.variantId, variantId), eq(stockUnits.status, 'available')))).toHaveLength(1)
	})

	it('replaces automatically once per order, even for two units claimed at once; the other waits in the queue with why', async () => {
		const { db } = database
		const { order, units, productId } = await deliveredOrder(db, { quantity: 2, spare: 3, prefix: 'AUTO' })
		await updateProduct(db, owner, productId, { autoReplace: true })
		await seen(db, order.orderNumber)
		const [a, b] = await Promise.all([claim(db, order.orderNumber, units[0]!.assignmentId), claim(db, order.orderNumber, units[1]!.assignmentId)])
		const answered = [a!, b!].filter((c) => c.status === 'answered')
		expect(answered).toHaveLength(1)
		expect(answered[0]!.answer).toBe('replace')
		const queue = await listClaims(db)
		expect(queue.claims).toHaveLength(1)
		expect(queue.claims[0]!.waitingReason).toBe('This order had its automatic replacement already: answer by hand.')
		// Exactly one unit more went to the order.
		expect(await db.select().from(stockAssignments).where(eq(stockAssignments.orderId, order.id))).toHaveLength(3)
		const [auto] = await db.select().from(unitClaims).where(eq(unitClaims.automatic, true))
		expect(auto).toMatchObject({ answer: 'replace', answeredBy: 'automatic replacement' })
	})

	it('leaves an automatic claim waiting when stock is out', async () => {
		const { db } = database
		const { order, units, productId } = await deliveredOrder(db, { spare: 0, prefix: 'EMPTY' })
		await updateProduct(db, owner, productId, { autoReplace: true })
		await seen(db, order.orderNumber)
		expect(await claim(db, order.orderNumber, units[0]!.assignmentId)).toMatchObject({ status: 'open', created: true })
		expect((await listClaims(db)).claims[0]!.waitingReason).toBe('No stock to replace it automatically: import more, then answer.')
	})
})
