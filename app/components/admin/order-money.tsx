import { AdminTime } from '~/components/admin/admin-time'
import { FormRefusal } from '~/components/admin/console-form'
import type { StaffOrder } from '~/domain/orders/staff-order-view.server'
import { formatRs } from '~/utils/money'
import { CancelOrderForm, RefundForm, RefundsList, ReinstateForm, ReopenTransferForm, type RefundableLine, type RefundRow } from './order-money-forms'

export const MONEY_INTENTS = new Set(['cancel', 'refund', 'reinstate', 'reopen-transfer'])

type Answer = { ok: false; message: string; intent?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | null

export interface OrderMoneyData {
	cancelReason: string | null
	cancelledAt: string | null
	refundedAmount: number
	left: number
	refunds: RefundRow[]
	lines: RefundableLine[]
	mayRefund: boolean
}

/** Cancel, refund, reinstate, reopen a rejected transfer: what the order's state allows, with what was done before. */
export function OrderMoney({ order, money, busy, answer }: { order: Pick<StaffOrder, 'actions' | 'paymentStatus'>; money: OrderMoneyData; busy: boolean; answer: Answer }) {
	const { canCancel, canRefund, canReinstate, canReopenTransfer } = order.actions
	const shows = canCancel || canRefund || canReinstate || canReopenTransfer || money.refunds.length > 0 || money.cancelReason
	if (!shows) return null
	const refundAllowed = canRefund && money.mayRefund && money.left > 0
	return (
		<section className="settings-section" aria-labelledby="order-money">
			<h2 id="order-money">Cancel and refund</h2>
			{money.cancelReason ? (
				<p>
					Cancelled <AdminTime date={money.cancelledAt} />: {money.cancelReason}
				</p>
			) : null}
			{money.refundedAmount > 0 ? (
				<p>
					Refunded so far: <strong>{formatRs(money.refundedAmount)}</strong>
				</p>
			) : null}
			<RefundsList refunds={money.refunds} />
			{canReopenTransfer ? <ReopenTransferForm busy={busy} answer={answer?.intent === 'reopen-transfer' ? answer : null} /> : null}
			{canCancel ? <CancelOrderForm busy={busy} answer={answer?.intent === 'cancel' ? answer : null} /> : null}
			{canReinstate && money.mayRefund ? <ReinstateForm busy={busy} /> : null}
			<FormRefusal answer={answer?.intent === 'reinstate' ? answer : null} />
			{/* A new form after each refund: no tick outlives the units it named. */}
			{refundAllowed ? <RefundForm key={money.left} busy={busy} answer={answer?.intent === 'refund' ? answer : null} lines={money.lines} left={money.left} paidAfterCancel={order.paymentStatus === 'paid_after_cancel'} /> : null}
			{canRefund && !money.mayRefund ? <p className="muted small">Refunds are made by the owner, or staff the owner lets refund orders.</p> : null}
		</section>
	)
}
