import { describe, expect, test } from 'vitest'
import { AppError } from '../../utils/app-error'
import { orderActions } from './order-actions'
import {
	DELIVERY_STATES,
	deliveryMoveAllowed,
	moveDeliveryTo,
	movePayment,
	PAYMENT_STATES,
	PAYMENT_TRANSITIONS,
	paymentMoveAllowed,
	type DeliveryState,
	type PaymentState,
} from './order-state'
import { paymentBadge, SPEC_PAYMENT_STATUS } from './status'

// ADR-023's transition table, written out by hand: the module must allow exactly these pairs.
const PAYMENT_TABLE: Record<PaymentState, PaymentState[]> = {
	awaiting_payment: ['awaiting_confirmation', 'paid', 'failed', 'expired', 'cancelled'],
	awaiting_confirmation: ['awaiting_confirmation', 'paid', 'failed', 'cancelled'],
	paid: ['partly_refunded', 'refunded'],
	failed: ['awaiting_payment', 'awaiting_confirmation', 'paid', 'cancelled'],
	expired: ['paid', 'cancelled', 'paid_after_cancel'],
	cancelled: ['paid_after_cancel'],
	partly_refunded: ['partly_refunded', 'refunded'],
	refunded: [],
	paid_after_cancel: ['paid', 'partly_refunded', 'refunded'],
}
const DELIVERY_TABLE: Record<DeliveryState, DeliveryState[]> = {
	pending: ['preparing', 'activating', 'ready_for_delivery', 'delivered', 'completed'],
	preparing: ['activating', 'ready_for_delivery', 'delivered', 'completed'],
	activating: ['ready_for_delivery', 'delivered', 'completed'],
	ready_for_delivery: ['delivered', 'completed'],
	delivered: ['completed'],
	completed: [],
}

describe('the order state machine', () => {
	test('every pair of payment states: exactly the listed moves are allowed', () => {
		const allowed = PAYMENT_STATES.flatMap((from) => PAYMENT_STATES.filter((to) => paymentMoveAllowed(from, to)).map((to) => `${from} → ${to}`))
		const expected = PAYMENT_STATES.flatMap((from) => PAYMENT_TABLE[from].map((to) => `${from} → ${to}`))
		expect(allowed.sort()).toEqual(expected.sort())
		expect(PAYMENT_STATES.length ** 2).toBe(81)
	})

	test('every pair of delivery states: exactly the forward moves are allowed', () => {
		const allowed = DELIVERY_STATES.flatMap((from) => DELIVERY_STATES.filter((to) => deliveryMoveAllowed(from, to)).map((to) => `${from} → ${to}`))
		const expected = DELIVERY_STATES.flatMap((from) => DELIVERY_TABLE[from].map((to) => `${from} → ${to}`))
		expect(allowed.sort()).toEqual(expected.sort())
	})

	test('each named payment transition moves from its from-states and refuses every other state with a sentence (409)', () => {
		for (const [name, t] of Object.entries(PAYMENT_TRANSITIONS) as [keyof typeof PAYMENT_TRANSITIONS, (typeof PAYMENT_TRANSITIONS)[keyof typeof PAYMENT_TRANSITIONS]][]) {
			for (const state of PAYMENT_STATES) {
				if ((t.from as readonly PaymentState[]).includes(state)) expect(movePayment('GV-1', state, name)).toBe(t.to)
				else {
					const refusal = (() => {
						try {
							movePayment('GV-1', state, name)
						} catch (error) {
							return error
						}
					})()
					expect(refusal).toBeInstanceOf(AppError)
					expect((refusal as AppError).status).toBe(409)
					expect((refusal as AppError).message).toMatch(/^Order GV-1 cannot .+: its payment is [a-z ]+\.$/)
				}
			}
		}
		expect(() => movePayment('GV-2', 'paid', 'expire')).toThrow('Order GV-2 cannot expire: its payment is paid.')
	})

	test('a rejected transfer takes a new receipt; a failed online payment does not', () => {
		expect(movePayment('GV-4', 'failed', 'uploadReceipt', 'manual')).toBe('awaiting_confirmation')
		expect(() => movePayment('GV-4', 'failed', 'uploadReceipt', 'paypro')).toThrow('Order GV-4 cannot take a transfer receipt: its payment is failed.')
		expect(() => movePayment('GV-4', 'failed', 'uploadReceipt', 'dm')).toThrow('Order GV-4 cannot take a transfer receipt: its payment is failed.')
		expect(movePayment('GV-4', 'awaiting_payment', 'uploadReceipt', 'paypro')).toBe('awaiting_confirmation')
	})

	test('staff move delivery only forward, and only on a paid order', () => {
		const order = (paymentStatus: PaymentState, deliveryStatus: DeliveryState) => ({ orderNumber: 'GV-3', paymentStatus, deliveryStatus })
		expect(moveDeliveryTo(order('paid', 'pending'), 'activating')).toBe('activating')
		expect(moveDeliveryTo(order('paid', 'completed'), 'completed')).toBe('completed')
		expect(() => moveDeliveryTo(order('paid', 'completed'), 'preparing')).toThrow('Order GV-3 cannot go back to Preparing: its delivery is completed.')
		expect(() => moveDeliveryTo(order('awaiting_payment', 'pending'), 'completed')).toThrow('Order GV-3 cannot be delivered: its payment is awaiting payment.')
	})

	test('what may be done follows the state, not the badge colour', () => {
		const base = { deliveryStatus: 'pending' as DeliveryState, hasReceipt: false, testAwaitingApproval: false }
		expect(orderActions({ ...base, paymentStatus: 'failed', paymentMethod: 'paypro' })).toMatchObject({ canPayAgain: true, canSendNewReceipt: false, paid: false, canDeliver: false, canCancel: true })
		// A rejected transfer: a new receipt (or online payment instead, its own form), never the online "Try again".
		expect(orderActions({ ...base, paymentStatus: 'failed', paymentMethod: 'manual', hasReceipt: true })).toMatchObject({ canSendNewReceipt: true, canPayAgain: false, canUploadReceipt: false, canReviewTransfer: false })
		expect(orderActions({ ...base, paymentStatus: 'awaiting_confirmation', paymentMethod: 'dm' })).toMatchObject({ canMarkPaid: true, canPayAgain: false })
		expect(orderActions({ ...base, paymentStatus: 'awaiting_confirmation', paymentMethod: 'manual', hasReceipt: true })).toMatchObject({ canReviewTransfer: true, canReplaceReceipt: true, canUploadReceipt: false, canReopenTransfer: false })
		// Reopen: a rejected transfer only, not a failed online payment.
		expect(orderActions({ ...base, paymentStatus: 'failed', paymentMethod: 'manual', hasReceipt: true, rejectedTransfer: true })).toMatchObject({ canReopenTransfer: true, canReviewTransfer: false })
		expect(orderActions({ ...base, paymentStatus: 'failed', paymentMethod: 'paypro', hasReceipt: false })).toMatchObject({ canReopenTransfer: false })
		expect(orderActions({ ...base, paymentStatus: 'paid', paymentMethod: 'paypro' })).toMatchObject({ paid: true, canDeliver: true, canRefund: true, canCancel: false, canPayAgain: false })
		expect(orderActions({ ...base, paymentStatus: 'paid', paymentMethod: 'paypro', testAwaitingApproval: true })).toMatchObject({ canDeliver: false })
		expect(orderActions({ ...base, paymentStatus: 'refunded', paymentMethod: 'paypro' })).toMatchObject({ paid: false, canRefund: false, canDeliver: false })
		expect(orderActions({ ...base, paymentStatus: 'expired', paymentMethod: 'manual' })).toMatchObject({ closed: true, canUploadReceipt: false })
		expect(orderActions({ ...base, paymentStatus: 'cancelled', paymentMethod: 'paypro' })).toMatchObject({ closed: true, canPayAgain: false, canCancel: false, canRefund: false })
		expect(orderActions({ ...base, paymentStatus: 'partly_refunded', paymentMethod: 'paypro' })).toMatchObject({ paid: true, canRefund: true, canDeliver: true })
		expect(orderActions({ ...base, paymentStatus: 'paid_after_cancel', paymentMethod: 'paypro' })).toMatchObject({ paid: false, canReinstate: true, canRefund: true, canDeliver: false, canPayAgain: false })
	})

	test('the spec values and words come from one mapping (§4)', () => {
		expect(SPEC_PAYMENT_STATUS).toMatchObject({ awaiting_payment: 'payment_pending', awaiting_confirmation: 'pending', paid: 'completed', failed: 'failed', expired: 'expired', cancelled: 'cancelled' })
		expect(paymentBadge('refunded').tone).toBe('neutral')
	})
})
