import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders } from '../../db/schema'
import { words } from '../../i18n/words'
import { AppError } from '../../utils/app-error'
import type { CheckoutRequest } from './checkout-input'
import { makeOrderNumber } from './order-number'
import { insertOrderWithLines, withLinesOf } from './order-lines.server'
import { switchPaymentMethod } from './order-store/payment-rows.server'
import { priceOrder } from './price-order.server'
import { orderPlacedEmail } from '../email/order-placed-email.server'
import { queueEmail } from '../email/queue-email.server'
import { readStoreDetails } from '../settings/store-details.server'
import { transferAccountId, type StoreDetails } from '../settings/store-details'
import { shownTransferAccounts } from '../settings/receiving-accounts.server'

import type { Order } from './order'
import { PLACED } from './order-state'
import { claimAtCreation, holdClaimFromCreation } from '../payments/start-paypro-payment.server'
import { applyCouponForOrder, recordRedemption } from '../coupons/coupons.server'
import { markOrderPaid } from '../payments/mark-order-paid.server'
import { openForPayment } from './order-facts'
import { creditEmail } from '../credit/credit'
import { holdCreditBalance, spendCredit } from '../credit/credit.server'
import { amountDue } from './amount-due'
import { clientHash, type RevealClient } from './unit-reveals.server'

export const newAccessToken = () => crypto.randomBytes(24).toString('base64url')

const isUniqueViolation = (error: unknown, constraint: string) => {
	const e = error as { code?: string; constraint?: string; message?: string; cause?: unknown }
	const inner = (e.cause ?? e) as { code?: string; constraint?: string; message?: string }
	return inner.code === '23505' && (inner.constraint === constraint || Boolean(inner.message?.includes(constraint)))
}

/**
 * Creates the order for a checkout, priced by the server. The same checkout key always gives the
 * same order: a double click, a retry or a reload creates one order, not two. A new PayPro order
 * comes back claimed for its caller, who passes it to startPayproPayment next (holdClaimFromCreation).
 */
export async function createOrder(
	db: Db,
	input: CheckoutRequest & { checkoutKey: string; renewsOrderId?: number | null; creditEmail?: string | null; client?: RevealClient },
): Promise<{ order: Order; created: boolean }> {
	// A checkout key seen before is found when its insert is refused (below): the first try of a
	// checkout, by far the most common, costs no lookup.
	let priced: Awaited<ReturnType<typeof priceOrder>>
	try {
		priced = await priceOrder(db, input.productDetails)
	} catch (error) {
		// Placed before, then its product was hidden or repriced: the order placed stands.
		const placed = await placedBefore(db, input)
		if (placed) return placed
		throw error
	}
	const { lines, total } = priced
	const store = await storeForEmail(db, input.paymentMethod)
	for (let attempt = 0; attempt < 5; attempt++) {
		const orderNumber = makeOrderNumber(lines[0]!.name, lines.length)
		const values = {
			orderNumber,
			customerName: input.customerName,
			customerEmail: input.customerEmail.toLowerCase(),
			customerPhone: input.customerMobile,
			totalAmount: total,
			...PLACED.checkout,
			paymentMethod: input.paymentMethod,
			lang: input.lang ?? 'en',
			whatsappUpdates: input.whatsappUpdates ?? false,
			accessToken: newAccessToken(),
			checkoutKey: input.checkoutKey,
			renewsOrderId: input.renewsOrderId ?? null,
			// Where it was placed from, for its evidence: keyed hashes as a reveal keeps them, never the address (ADR-050).
			placedAddressHash: clientHash('address', input.client?.address ?? null),
			placedDeviceHash: clientHash('device', input.client?.device ?? null),
			// A transfer order counts toward the account its buyer is shown first (ADR-049, receiving accounts).
			...(store ? { transferAccountId: firstAccountId(store) } : {}),
			// The request placing a PayPro order also creates its PayPro order: it holds the claim from the start.
			...(input.paymentMethod === 'paypro' ? { payproClaimedAt: claimAtCreation() } : {}),
		}
		try {
			// The order with its lines is one statement (atomic on its own); a transfer order's email to
			// its buyer is queued in the same transaction. A discount code is applied and its use written in
			// the same transaction too (its row locked: uses are counted one checkout after another).
			// Store credit, when the signed-in buyer asked for it: spent in the transaction that places the order (ADR-051).
			const credit = input.creditEmail && creditEmail(input.creditEmail) === creditEmail(input.customerEmail) ? input.creditEmail : null
			const order: Order =
				input.couponCode || credit
					? await db.transaction(async (tx) => {
							const applied = input.couponCode ? await applyCouponForOrder(tx, input.couponCode, lines, { email: input.customerEmail, phone: input.customerMobile }) : null
							const totalAmount = total - (applied?.discount ?? 0)
							// The buyer's balance held first: concurrent checkouts of one buyer spend it one after another, never below zero.
							// What it covers: all of the total leaves nothing to pay, so no PayPro order is made (none claimed).
							const covered = credit && totalAmount > 0 ? Math.min(totalAmount, await holdCreditBalance(tx, credit)) : 0
							const { payproClaimedAt: _claim, ...unclaimed } = values
							const sold = applied?.lines ?? lines
							const placed: Order = { ...(await insertOrderWithLines(tx, { ...(totalAmount - covered === 0 ? unclaimed : values), totalAmount, ...(covered > 0 ? { creditUsed: covered } : {}) }, sold)), productDetails: sold }
							if (applied) await recordRedemption(tx, placed.id, applied)
							// The account is held since the balance was read: all of `covered` is there to spend.
							if (covered > 0 && (await spendCredit(tx, credit!, covered, placed.id)) !== covered) throw new Error('Store credit changed under a held account.')
							await queueOrderPlaced(tx, placed, store)
							return placed
						})
					: store
						? await db.transaction(async (tx) => {
								const placed: Order = { ...(await insertOrderWithLines(tx, values, lines)), productDetails: lines }
								await queueOrderPlaced(tx, placed, store)
								return placed
							})
						: { ...(await insertOrderWithLines(db, values, lines)), productDetails: lines }
			holdClaimFromCreation(order)
			return { order: await settleIfFree(db, order), created: true }
		} catch (error) {
			// A code refused to a checkout placed before (a double click): that order stands, its use counted once.
			const refusedCode = input.couponCode && error instanceof AppError && error.fieldErrors?.couponCode
			if (refusedCode || isUniqueViolation(error, 'orders_checkout_key_key')) {
				// This checkout was placed before (a retry, a double click, a concurrent request): answer with its order.
				const placed = await placedBefore(db, input)
				if (placed) return placed
			}
			if (!isUniqueViolation(error, 'orders_order_number_key')) throw error
		}
	}
	throw new AppError('CONFLICT', 'checkout.noOrderNumber')
}

/** The order this checkout key placed before, as this checkout answers it (same items; the way to pay switched if asked). */
async function placedBefore(db: Db, input: CheckoutRequest & { checkoutKey: string }): Promise<{ order: Order; created: false } | null> {
	const existing = await findByCheckoutKey(db, input.checkoutKey)
	return existing ? { order: await settleIfFree(db, await switchMethodIfAsked(db, sameCheckout(existing, input), input)), created: false } : null
}

/**
 * Nothing to pay (a discount code or store credit took the whole total): the order is paid at once by the one path to
 * paid (markOrderPaid's `settle`: stock delivered, the paid email, the live page), and no payment provider
 * is asked. Also for a retry of a checkout whose settling was cut short: the conditional update settles once.
 */
async function settleIfFree(db: Db, order: Order): Promise<Order> {
	if (amountDue(order) !== 0 || !openForPayment(order)) return order
	const { order: settled } = await markOrderPaid(db, order.id, { via: 'settle' })
	return settled ?? order
}

async function findByCheckoutKey(db: Db, key: string) {
	const [row] = await db.select().from(orders).where(eq(orders.checkoutKey, key)).limit(1)
	return withLinesOf(db, row)
}

function sameCheckout(order: Order, input: CheckoutRequest): Order {
	const sameItems =
		order.productDetails.length === input.productDetails.length &&
		order.productDetails.every((l, i) => l.id === input.productDetails[i]!.id && l.quantity === input.productDetails[i]!.quantity)
	if (!sameItems) {
		throw new AppError('CONFLICT', words('checkout.alreadyPlaced', { order: order.orderNumber }))
	}
	return order
}

/** A buyer who tried one way to pay may go back and choose the other, until the order is paid. */
async function switchMethodIfAsked(db: Db, order: Order, input: CheckoutRequest): Promise<Order> {
	if (order.paymentMethod === input.paymentMethod || !openForPayment(order)) return order
	const details = await readStoreDetails(db)
	const store = input.paymentMethod === 'manual' ? await withShownAccounts(db, details) : null
	return db.transaction(async (tx) => {
		const row = await switchPaymentMethod(tx, order.id, input.paymentMethod, { by: 'buyer', storeName: details.storeName, ...(store ? { transferAccountId: firstAccountId(store) } : {}) })
		if (!row) return order
		const next: Order = { ...row, productDetails: order.productDetails }
		await queueOrderPlaced(tx, next, store)
		return next
	})
}

/** Read before the transaction (a single-connection database cannot read outside it meanwhile): the accounts are those buyers are shown now. */
const storeForEmail = async (db: Db, method: string) => (method === 'manual' ? withShownAccounts(db, await readStoreDetails(db)) : null)

/** The details with only the receiving accounts new buyers are shown now (below their ceilings). */
const withShownAccounts = async (db: Db, details: StoreDetails): Promise<StoreDetails> => ({ ...details, transferAccounts: await shownTransferAccounts(db, details) })

const firstAccountId = (store: StoreDetails) => transferAccountId(store.transferAccounts[0]!)

/** A transfer order tells its buyer where to pay, in the transaction that places it (once per order). */
async function queueOrderPlaced(tx: Tx, order: Order, store: StoreDetails | null) {
	// A free order is settled at once: no transfer to make, the paid email follows.
	if (!store || order.paymentMethod !== 'manual' || !order.customerEmail || amountDue(order) === 0) return
	await queueEmail(tx, orderPlacedEmail(order, store.storeName, store.transferAccounts))
}
