// The report's delivery times read from bucket counts (drizzle/0055): the same figure as
// percentile_cont over the orders when each bucket holds one value, and within the bucket otherwise.
import { describe, expect, it } from 'vitest'
import { bucketBounds, percentileOfBuckets } from './delivery-times'

const one = (bucket: number, seconds: number, orders = 1) => ({ bucket, orders, seconds: seconds * orders })

describe('a percentile of the delivery buckets', () => {
	it('is none for no order, and the one value for one order', () => {
		expect(percentileOfBuckets([], 0.5)).toBeNull()
		expect(percentileOfBuckets([one(5, 600)], 0.5)).toBe(600)
		expect(percentileOfBuckets([one(5, 600)], 0.9)).toBe(600)
	})

	it('interpolates between the two values either side of the rank, as percentile_cont does', () => {
		// 30, 80, 130, 180, 230, 280 s: percentile_cont gives 155 for the median and 255 for the 90th.
		const buckets = [30, 80, 130, 180, 230, 280].map((s, i) => one(40 + i, s)).reverse()
		expect(percentileOfBuckets(buckets, 0.5)).toBe(155)
		expect(percentileOfBuckets(buckets, 0.9)).toBe(255)
	})

	it('spreads a bucket’s orders evenly around their mean within the bucket, and leaves out buckets emptied by refunds', () => {
		// Bucket 20 is 20 s to 21 s: three orders of mean 20.5 s read as 20 1/6, 20.5 and 20 5/6 s; the fourth is 200 s.
		const buckets = [{ bucket: 20, orders: 3, seconds: 3 * 20.5 }, one(60, 200), { bucket: 70, orders: 0, seconds: 0.5 }]
		expect(bucketBounds(20)).toEqual([20, 21])
		expect(percentileOfBuckets(buckets, 0.5)).toBeCloseTo((20.5 + 20 + 5 / 6) / 2, 9)
		expect(percentileOfBuckets(buckets, 0)).toBeCloseTo(20 + 1 / 6, 9)
		expect(percentileOfBuckets(buckets, 0.9)).toBeCloseTo(20 + 5 / 6 + 0.7 * (200 - 20 - 5 / 6), 9)
	})

	it('reads a thousand times spread over 5 % buckets within 1 % of percentile_cont', () => {
		const seconds = Array.from({ length: 1000 }, (_, i) => 60 + i * 7.1)
		const buckets = new Map<number, { bucket: number; orders: number; seconds: number }>()
		for (const s of seconds) {
			const bucket = 20 + Math.floor(Math.log(s / 20) / Math.log(1.05))
			const b = buckets.get(bucket) ?? { bucket, orders: 0, seconds: 0 }
			b.orders++
			b.seconds += s
			buckets.set(bucket, b)
		}
		const exact = (p: number) => {
			const at = p * (seconds.length - 1)
			const low = Math.floor(at)
			return seconds[low]! + (at - low) * (seconds[Math.min(low + 1, seconds.length - 1)]! - seconds[low]!)
		}
		for (const p of [0.5, 0.9]) expect(Math.abs(percentileOfBuckets([...buckets.values()], p)! - exact(p))).toBeLessThan(exact(p) * 0.01)
	})
})
