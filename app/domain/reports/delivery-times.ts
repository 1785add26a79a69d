// The report's delivery times from the days' histograms (drizzle/0055, ADR-057): each Pakistan day
// keeps, by bucket of paid-to-delivered seconds, how many orders fell in it and their seconds added
// up. A percentile is read as PostgreSQL's percentile_cont reads sorted values (the two values either
// side of the rank p × (n − 1), interpolated), a bucket's orders taken as spread evenly around their
// mean, as widely as the bucket allows: exact for a bucket of one order, otherwise within the bucket's
// width (and close to exact when a bucket's orders spread over it, as a busy shop's do).

/** How wide a bucket is: whole seconds under this many seconds, then this share of its start (drizzle/0055). */
export const DELIVERY_EXACT_BELOW_SECONDS = 20
export const DELIVERY_BUCKET_STEP = 0.05

export interface DeliveryBucket {
	/** The bucket's place in order of seconds (delivery_seconds_bucket). */
	bucket: number
	orders: number
	/** The seconds of its orders added up. */
	seconds: number
}

/** The p-th percentile (0 to 1) of the orders in the buckets, as percentile_cont would give it; null for none. */
export function percentileOfBuckets(buckets: readonly DeliveryBucket[], p: number): number | null {
	const sorted = buckets.filter((b) => b.orders > 0).sort((a, b) => a.bucket - b.bucket)
	const count = sorted.reduce((s, b) => s + b.orders, 0)
	if (count === 0) return null
	const position = p * (count - 1)
	const below = Math.floor(position)
	const valueAt = (rank: number) => {
		let seen = 0
		for (const b of sorted) {
			if (rank < seen + b.orders) return spreadValue(b, rank - seen)
			seen += b.orders
		}
		const last = sorted.at(-1)!
		return spreadValue(last, last.orders - 1)
	}
	const low = valueAt(below)
	const fraction = position - below
	return fraction === 0 ? low : low + fraction * (valueAt(below + 1) - low)
}

/** The seconds a bucket covers, [low, high), as delivery_seconds_bucket draws them (drizzle/0055). */
export function bucketBounds(bucket: number): [number, number] {
	const exact = DELIVERY_EXACT_BELOW_SECONDS
	const step = 1 + DELIVERY_BUCKET_STEP
	if (bucket >= exact) return [exact * step ** (bucket - exact), exact * step ** (bucket - exact + 1)]
	if (bucket >= -exact) return [bucket, bucket + 1]
	const k = -exact - 1 - bucket
	return [-exact * step ** (k + 1), -exact * step ** k]
}

/** The k-th (from 0) of a bucket's orders, its orders spread evenly around their mean within the bucket. */
function spreadValue(b: DeliveryBucket, k: number): number {
	const mean = b.seconds / b.orders
	const [low, high] = bucketBounds(b.bucket)
	const half = Math.max(0, Math.min(mean - low, high - mean))
	return mean + half * ((2 * (k + 0.5)) / b.orders - 1)
}
