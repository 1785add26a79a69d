// What a refund may give back is what the units were sold for after their discount, to the rupee:
// a line's units add up to its total however it divides, refunds of a line never give back more than
// it was sold for, and the order's "left to refund" caps everything.
import { describe, expect, it } from 'vitest'
import { leftToRefund, lineRefundable, refundFigure, unitPrices, worthOfUnits } from './refundable'

describe('what a refund may give back', () => {
	it('prices each unit of a discounted line at its share of the line total, not at the undiscounted unit price', () => {
		// 2 × Rs. 3,200 with Rs. 640 off (a 10% code split into this line): each unit was sold for Rs. 2,880.
		const line = { quantity: 2, lineTotal: 5760, refundedQuantity: 0 }
		expect(unitPrices(line)).toEqual([2880, 2880])
		expect(worthOfUnits(line, 1)).toBe(2880)
		expect(lineRefundable(line)).toEqual({ soldFor: 5760, refunded: 0, left: 5760, open: 2, lowest: 2880, highest: 2880 })
	})

	it('spreads a remainder over the units so they add up to the line total exactly, and refunds the cheaper units first', () => {
		const line = { quantity: 3, lineTotal: 3200, refundedQuantity: 0 }
		expect(unitPrices(line)).toEqual([1067, 1067, 1066])
		expect(unitPrices({ quantity: 7, lineTotal: 100 }).reduce((s, p) => s + p, 0)).toBe(100)
		expect(worthOfUnits(line, 1)).toBe(1066)
		expect(worthOfUnits(line, 2)).toBe(2133)
		expect(worthOfUnits(line, 3)).toBe(3200)
		// One at a time, the refunds of a line add up to its total: never a rupee more or less.
		let given = 0
		for (let refunded = 0; refunded < 3; refunded++) given += worthOfUnits({ ...line, refundedQuantity: refunded }, 1)
		expect(given).toBe(3200)
		expect(lineRefundable(line)).toMatchObject({ lowest: 1066, highest: 1067 })
	})

	it('leaves out the units refunded before: a line partly refunded, and one refunded in full', () => {
		const part = { quantity: 3, lineTotal: 3200, refundedQuantity: 1 }
		expect(lineRefundable(part)).toMatchObject({ soldFor: 3200, refunded: 1066, left: 2134, open: 2 })
		expect(worthOfUnits(part, 5)).toBe(2134)
		const full = { quantity: 2, lineTotal: 5760, refundedQuantity: 2 }
		expect(lineRefundable(full)).toMatchObject({ refunded: 5760, left: 0, open: 0 })
		expect(worthOfUnits(full, 1)).toBe(0)
		// A line given away free (the code took it all) is worth nothing to refund.
		expect(lineRefundable({ quantity: 1, lineTotal: 0, refundedQuantity: 0 })).toMatchObject({ soldFor: 0, left: 0 })
	})

	it('defines the order’s left to refund once, and caps the ticked units’ worth by it', () => {
		const lines = [
			{ id: 1, quantity: 2, lineTotal: 5760, refundedQuantity: 0 },
			{ id: 2, quantity: 1, lineTotal: 7020, refundedQuantity: 0 },
		]
		expect(leftToRefund({ totalAmount: 12780, refundedAmount: 0 })).toBe(12780)
		expect(leftToRefund({ totalAmount: 12780, refundedAmount: 12780 })).toBe(0)
		expect(refundFigure(12780, lines, [{ lineId: 1, quantity: 1 }])).toBe(2880)
		expect(refundFigure(12780, lines, [{ lineId: 1, quantity: 1 }, { lineId: 2, quantity: 1 }])).toBe(9900)
		// Money alone: all that is left; money refunded before without units comes off the units' worth.
		expect(refundFigure(12780, lines, [])).toBe(12780)
		expect(refundFigure(1000, lines, [{ lineId: 2, quantity: 1 }])).toBe(1000)
		// Nothing left on an order refunded in full.
		expect(refundFigure(leftToRefund({ totalAmount: 12780, refundedAmount: 12780 }), lines, [])).toBe(0)
	})
})
