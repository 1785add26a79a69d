import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { isPayProError, type PayProClient } from '../../integrations/paypro/client.server'
import { words } from '../../i18n/words'
import { AppError } from '../../utils/app-error'
import type { Order } from '../orders/order'
import { isRejectedTransfer, openForPayment, paidWithNothingReturned } from '../orders/order-facts'
import { paymentRefusal } from '../orders/order-state'
import { transitionIfAllowed } from '../orders/order-store/transition.server'
import { switchPaymentMethod, waitsToBePaidBy } from '../orders/order-store/payment-rows.server'
import { readStoreDetails } from '../settings/store-details.server'
import { confirmPayproPayment } from './confirm-paypro-payment.server'
import { startPayproPayment } from './start-paypro-payment.server'

export type PayAgainMethod = 'paypro' | 'manual'

const alreadyPaid = (order: Pick<Order, 'orderNumber'>) => new AppError('CONFLICT', words('errors.alreadyPaid', { order: order.orderNumber }))

/**
 * The buyer pays for an unpaid order again: online ("Continue to payment" on a PayPro page left
 * unpaid, "Try again" after a failed one) or by bank or wallet transfer instead. The order itself is
 * never copied, so it can only ever be paid once (a transfer staff rejected may be paid online instead); of two requests at once, one reopens it and both
 * get the same page. PayPro is asked about the order's open page first: a payment that arrived
 * meanwhile makes the order paid, and a page PayPro reports failed or expired is replaced by a new one.
 */
export async function payOrderAgain(db: Db, paypro: PayProClient, order: Order, method: PayAgainMethod): Promise<{ order: Order; paymentUrl: string | null }> {
	let current = await reload(db, order)
	if (paidWithNothingReturned(current)) throw alreadyPaid(current)
	if (current.paymentStatus === 'cancelled') throw new AppError('CONFLICT', words('errors.cancelledRefresh', { order: current.orderNumber }))
	if (openForPayment(current) && current.paymentMethod === 'paypro' && current.paymentUrl) current = await askAboutOpenPage(db, paypro, current)
	if (current.paymentStatus === 'failed' && current.paymentMethod === 'paypro') current = await reopenFailedOrder(db, paypro, current, method)
	else if (isRejectedTransfer(current)) current = await reopenRejectedTransfer(db, current, method)
	else if (openForPayment(current) && current.paymentMethod !== method && current.paymentMethod !== 'dm') current = await switchMethod(db, current, method)

	if (paidWithNothingReturned(current)) throw alreadyPaid(current)
	if (current.paymentMethod === 'dm') throw new AppError('CONFLICT', words('errors.payByChat', { order: current.orderNumber }))
	if (!openForPayment(current) || current.paymentMethod !== method) {
		const refusal = paymentRefusal(current.orderNumber, 'payAgain', current.paymentStatus)
		throw new AppError('CONFLICT', `${refusal.message} Please refresh the page.`)
	}
	if (method === 'manual') return { order: current, paymentUrl: null }
	return { order: current, paymentUrl: await startPayproPayment(db, paypro, current) }
}

/**
 * An online order whose PayPro page was left unpaid: paid meanwhile (the callback not yet in), or
 * failed or expired on PayPro's side (the order turns failed, and is then reopened with a new page)?
 * When PayPro cannot be reached the page stays as it is: PayPro's page says itself whether it can be paid.
 */
async function askAboutOpenPage(db: Db, paypro: PayProClient, order: Order): Promise<Order> {
	const outcome = await confirmPayproPayment(db, paypro, order.orderNumber).catch((error: unknown) => {
		if (isPayProError(error)) return 'unreachable' as const
		throw error
	})
	if (outcome === 'paid' || outcome === 'already-paid') throw alreadyPaid(order)
	return reload(db, order)
}

/**
 * A failed online payment opens the order again for the chosen method. PayPro is asked first: a
 * payment that arrived late makes the order paid instead, and a PayPro order still open is never
 * left payable beside a new one.
 */
async function reopenFailedOrder(db: Db, paypro: PayProClient, order: Order, method: PayAgainMethod): Promise<Order> {
	const outcome = await confirmPayproPayment(db, paypro, order.orderNumber).catch((error: unknown) => {
		if (isPayProError(error)) throw new AppError('UPSTREAM', `${error.message} Please try again in a minute.`)
		throw error
	})
	if (outcome === 'paid' || outcome === 'already-paid') throw alreadyPaid(order)
	if (outcome === 'failed') {
		const { storeName } = await readStoreDetails(db)
		// The earlier PayPro id stays, without a page: the next PayPro order is a new attempt with its own number.
		await db.transaction((tx) =>
			transitionIfAllowed(tx, { id: order.id }, 'payAgain', { paymentMethod: method, paymentUrl: null, payproClaimedAt: null }, { by: 'buyer', storeName, facts: { method }, onlyIf: eq(orders.paymentMethod, 'paypro') }),
		)
	}
	return reload(db, order)
}

/**
 * Staff rejected the transfer: the buyer pays online instead (or sends the transfer again). No PayPro
 * page is asked about: one left on the order from before a switch stays, and is used again.
 */
async function reopenRejectedTransfer(db: Db, order: Order, method: PayAgainMethod): Promise<Order> {
	const { storeName } = await readStoreDetails(db)
	await db.transaction((tx) =>
		transitionIfAllowed(tx, { id: order.id }, 'payAgain', { paymentMethod: method }, { by: 'buyer', storeName, facts: { method }, onlyIf: eq(orders.paymentMethod, 'manual') }),
	)
	return reload(db, order)
}

/**
 * As at checkout: a buyer who has not paid yet may choose the other way to pay. The PayPro page
 * stays on the order, so a payment made on it before or after the switch still completes the order
 * (the callback and the reconciliation sweep ask PayPro about it), and switching back reuses it.
 */
async function switchMethod(db: Db, order: Order, method: PayAgainMethod): Promise<Order> {
	const { storeName } = await readStoreDetails(db)
	await db.transaction((tx) => switchPaymentMethod(tx, order.id, method, { by: 'buyer', storeName, onlyIf: waitsToBePaidBy(order.paymentMethod) }))
	return reload(db, order)
}

async function reload(db: Db, order: Order): Promise<Order> {
	const [row] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1)
	return row ? { ...row, productDetails: order.productDetails } : order
}
