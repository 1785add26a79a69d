// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
	export interface Histogram {
		average: number
		mean: number
		stddev: number
		min: number
		max: number
		total: number
		p50: number
		p90: number
		p97_5: number
		p99: number
	}
	/** One request of a sequence; `setupRequest` runs before every send and may change it. */
	export interface RequestSpec {
		method?: string
		path?: string
		headers?: Record<string, string>
		body?: string | Buffer
		setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec
		onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void
	}
	export interface Options {
		url: string
		connections?: number
		duration?: number
		pipelining?: number
		timeout?: number
		method?: string
		headers?: Record<string, string>
		body?: string | Buffer
		requests?: RequestSpec[]
		warmup?: { connections?: number; duration?: number }
	}
	export interface Result {
		requests: Histogram
		latency: Histogram
		throughput: Histogram
		/** Seconds the measurement took. */
		duration: number
		errors: number
		timeouts: number
		non2xx: number
		statusCodeStats: Record<string, { count: number }>
	}
	function autocannon(options: Options): Promise<Result>
	export default autocannon
}
