import { awaitingKind, awaitingPayment, closedUnpaid, isPaid, isRejectedTransfer } from './order-facts'
import { isPaymentState, paymentMoveOpen, PAYMENT_TRANSITIONS, type DeliveryState, type PaymentState, type PaymentTransition } from './order-state'

// What may be done with an order, computed once from its state (ADR-023): pages, APIs and the domain
// ask this, never the badge's colour.

export interface OrderActions {
	/** The money arrived (refunds aside: partly refunded is still paid for the rest). */
	paid: boolean
	/** "Continue to payment" on an open PayPro page, or "Try again" after a failed one. */
	canPayAgain: boolean
	/** A transfer chosen and not paid yet: the accounts and the receipt upload. */
	canUploadReceipt: boolean
	/** Staff rejected the transfer: the buyer may send a new receipt, pay online instead, or write to the shop. */
	canSendNewReceipt: boolean
	/** A receipt waits for staff: the buyer may replace it. */
	canReplaceReceipt: boolean
	/** Staff may mark a DM order paid. */
	canMarkPaid: boolean
	/** Staff may confirm or reject a transfer receipt. */
	canReviewTransfer: boolean
	/** Staff rejected the transfer receipt: they may reopen it, to confirm it after all. */
	canReopenTransfer: boolean
	canCancel: boolean
	/** Staff may give money back (some lines or all): paid, partly refunded, or paid after a cancel. */
	canRefund: boolean
	/** Paid after staff cancelled it: staff may keep the payment and deliver (or refund it). */
	canReinstate: boolean
	/** Staff may deliver (by hand or from stock): paid, not a test order awaiting approval, not completed. */
	canDeliver: boolean
	/** Expired or cancelled: nothing is owed, the buyer may order again. */
	closed: boolean
	/** §4: "Processing might take 10-20 seconds, Kindly wait." (status payment_pending or pending). */
	showsProcessingNote: boolean
}

export interface ActionInput {
	paymentStatus: PaymentState
	deliveryStatus: DeliveryState
	paymentMethod: string
	hasReceipt: boolean
	/** Staff rejected its transfer receipt (isRejectedTransfer). */
	rejectedTransfer?: boolean
	/** A test payment staff have not approved yet. */
	testAwaitingApproval: boolean
}

/** A test payment (the simulator in production) staff have not approved: until then, or a delivery by hand, nothing leaves stock. */
export const testAwaitingApproval = (order: { testPayment: boolean; testApprovedAt: Date | null; deliveryStatus: DeliveryState }) =>
	order.testPayment && !order.testApprovedAt && order.deliveryStatus !== 'completed'

/** The fields of a stored order the actions depend on. */
export function actionInput(order: {
	paymentStatus: PaymentState
	deliveryStatus: DeliveryState
	paymentMethod: string
	receiptPath: string | null
	rejectionReason: string | null
	testPayment: boolean
	testApprovedAt: Date | null
}): ActionInput {
	return {
		paymentStatus: order.paymentStatus,
		deliveryStatus: order.deliveryStatus,
		paymentMethod: order.paymentMethod,
		hasReceipt: Boolean(order.receiptPath),
		rejectedTransfer: isRejectedTransfer(order),
		testAwaitingApproval: testAwaitingApproval(order),
	}
}

const allows = (name: PaymentTransition, state: PaymentState) => (PAYMENT_TRANSITIONS[name].from as readonly PaymentState[]).includes(state)

export function orderActions({ paymentStatus: state, deliveryStatus, paymentMethod, hasReceipt, rejectedTransfer = false, testAwaitingApproval }: ActionInput): OrderActions {
	const known = isPaymentState(state)
	const paid = isPaid({ paymentStatus: state })
	const waiting = awaitingKind({ paymentStatus: state, paymentMethod })
	return {
		paid,
		canPayAgain: known && paymentMethod === 'paypro' && (waiting === 'online' || allows('payAgain', state)),
		canUploadReceipt: waiting === 'transfer',
		canSendNewReceipt: isRejectedTransfer({ paymentStatus: state, paymentMethod }) && paymentMoveOpen('uploadReceipt', state, paymentMethod),
		canReplaceReceipt: waiting === 'transferReview' && hasReceipt && allows('uploadReceipt', state),
		canMarkPaid: known && paymentMethod === 'dm' && allows('confirmByStaff', state),
		canReviewTransfer: known && hasReceipt && allows('confirmTransfer', state),
		canReopenTransfer: known && rejectedTransfer && hasReceipt && allows('reopenTransfer', state),
		canCancel: known && allows('cancel', state),
		canRefund: known && allows('refund', state),
		canReinstate: known && allows('reinstate', state),
		canDeliver: paid && !testAwaitingApproval && deliveryStatus !== 'completed',
		closed: closedUnpaid({ paymentStatus: state }),
		showsProcessingNote: awaitingPayment({ paymentStatus: state }),
	}
}
