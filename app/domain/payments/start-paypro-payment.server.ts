import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { isPayProError, type PayProClient } from '../../integrations/paypro/client.server'
import { words } from '../../i18n/words'
import { AppError } from '../../utils/app-error'
import { logger } from '../../utils/logger.server'
import type { Order } from '../orders/order'
import { payproOrderNumber } from './paypro-order-number'
import { claimPayproPage, claimStamp, releasePayproClaim, renewPayproClaim, storePaymentPage } from '../orders/order-store/payment-rows.server'
import { openForPayment } from '../orders/order-facts'
import { amountDue } from '../orders/amount-due'

// The claim is a lease its holder renews while PayPro answers: a claim left by a process that
// died (kill -9, a lost machine) lapses within seconds and the next request takes over (ADR-010).
const LEASE_SECONDS = 5
const RENEW_EVERY_MS = 1_000
const POLL_MS = 250

/**
 * A new PayPro order is written already claimed (createOrder: payproClaimedAt is claimAtCreation()),
 * by the request that goes on to create its PayPro order: the order object it was given back holds
 * the claim (heldFromCreation), so that request needs no second write to claim it. Any other
 * request, and any other copy of the order, finds the claim held and waits as for any claim.
 */
export const claimAtCreation = () => claimStamp
const heldFromCreation = new WeakMap<Order, Date>()
export function holdClaimFromCreation(order: Order) {
	if (order.payproClaimedAt && !order.paymentUrl) heldFromCreation.set(order, order.payproClaimedAt)
}

/**
 * Creates the PayPro order for one of our orders and returns the hosted page URL. Only one request
 * at a time may create it (a leased claim on the row, never a transaction held across the HTTP
 * call); a concurrent or later request for the same order waits for and reuses the same URL.
 */
export async function startPayproPayment(db: Db, paypro: PayProClient, order: Order, { waitMs = 15_000 } = {}): Promise<string> {
	if (order.paymentStatus === 'cancelled') throw new AppError('CONFLICT', words('errors.cancelled', { order: order.orderNumber }))
	if (!openForPayment(order)) throw new AppError('CONFLICT', words('errors.notAwaitingPayment', { order: order.orderNumber }))
	if (order.paymentUrl) return order.paymentUrl
	// Just created with its claim, for this caller (holdClaimFromCreation): no earlier PayPro order. Used once.
	const held = heldFromCreation.get(order)
	if (held) {
		heldFromCreation.delete(order)
		return createPayproOrder(db, paypro, order, { claimedAt: held, failedPayproId: null })
	}

	const deadline = Date.now() + waitMs
	for (;;) {
		const claim = await claimOrder(db, order.id)
		if (claim) return createPayproOrder(db, paypro, order, claim)
		// Another request holds a live claim: wait for its page, or for its claim to lapse.
		const [row] = await db.select({ paymentUrl: orders.paymentUrl }).from(orders).where(eq(orders.id, order.id)).limit(1)
		if (row?.paymentUrl) return row.paymentUrl
		if (Date.now() + POLL_MS > deadline) {
			throw new AppError('UPSTREAM', words('checkout.paymentPreparing', { order: order.orderNumber }))
		}
		await new Promise((r) => setTimeout(r, POLL_MS))
	}
}

/**
 * Whether some order's PayPro page is being created right now: its PayPro id is about to be stored,
 * so a page asked for by a PayPro id not stored yet may still find its order in a moment.
 */
export async function payproPageBeingCreated(db: Db): Promise<boolean> {
	const [row] = await db
		.select({ id: orders.id })
		.from(orders)
		.where(and(isNull(orders.paymentUrl), gt(orders.payproClaimedAt, sql`now() - make_interval(secs => ${LEASE_SECONDS})`)))
		.limit(1)
	return Boolean(row)
}

interface Claim {
	/** The claim's token. */
	claimedAt: Date
	/** Set with no payment URL only after an earlier PayPro order failed (pay again): the new one needs its own number. */
	failedPayproId: string | null
}

/** Claims the order if nobody holds a live claim. */
async function claimOrder(db: Db, orderId: number): Promise<Claim | null> {
	const claimed = await claimPayproPage(db, orderId, LEASE_SECONDS)
	return claimed?.claimedAt ? { claimedAt: claimed.claimedAt, failedPayproId: claimed.failedPayproId } : null
}

async function createPayproOrder(db: Db, paypro: PayProClient, order: Order, claim: Claim): Promise<string> {
	const lease = keepClaim(db, order.id, claim.claimedAt)
	try {
		const created = await paypro.createOrder({
			orderNumber: payproOrderNumber(order.orderNumber, claim.failedPayproId ? claim.claimedAt : null),
			amount: amountDue(order),
			customerName: order.customerName ?? '',
			customerMobile: order.customerPhone ?? '',
			customerEmail: order.customerEmail ?? '',
		})
		await lease.stop()
		const [stored] = await storePaymentPage(db).execute({ orderId: order.id, paymentUrl: created.paymentUrl, payproId: created.payproId })
		if (stored?.paymentUrl) return stored.paymentUrl
		// This lease lapsed (a stalled process) and the request that took over stored its page first.
		const [row] = await db.select({ paymentUrl: orders.paymentUrl }).from(orders).where(eq(orders.id, order.id)).limit(1)
		return row?.paymentUrl ?? created.paymentUrl
	} catch (error) {
		await lease.stop()
		// The order stays: the buyer can retry, and staff can see it. Only this request's own claim is let go.
		await releasePayproClaim(db, order.id, lease.token())
		if (isPayProError(error)) {
			const message =
				error.kind === 'timeout' || error.kind === 'unavailable'
					? `${error.message} Your order ${order.orderNumber} is saved: please try again in a minute.`
					: error.message
			throw new AppError('UPSTREAM', message)
		}
		throw error
	}
}

/** Renews the claim every second while PayPro is being asked, until stop(). */
function keepClaim(db: Db, orderId: number, first: Date) {
	let token = first
	let renewing: Promise<void> = Promise.resolve()
	const renew = async () => {
		const renewed = await renewPayproClaim(db, orderId, token)
		if (renewed) token = renewed
		else clearInterval(timer) // lapsed and taken over: the final write keeps one page per order
	}
	const timer = setInterval(() => {
		renewing = renewing.then(renew).catch((error: unknown) => logger.warn({ err: error, orderId }, 'PayPro claim: cannot renew; trying again'))
	}, RENEW_EVERY_MS)
	timer.unref()
	return {
		token: () => token,
		async stop() {
			clearInterval(timer)
			await renewing
		},
	}
}
