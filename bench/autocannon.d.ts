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
	export interface Options {
		url: string
		connections?: number
		duration?: number
		pipelining?: number
		timeout?: number
		headers?: Record<string, string>
		warmup?: { connections?: number; duration?: number }
	}
	export interface Result {
		requests: Histogram
		latency: Histogram
		throughput: Histogram
		duration: number
		errors: number
		timeouts: number
		non2xx: number
		statusCodeStats: Record<string, { count: number }>
	}
	function autocannon(options: Options): Promise<Result>
	export default autocannon
}
