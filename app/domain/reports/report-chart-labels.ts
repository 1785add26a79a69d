import type { ReportBucket } from './report-range'

// What the page and the server's chart geometry share: the drawing's size and its labels.

/** Two drawings of the series: a phone's (narrow: its text stays readable at 360 px) and a wide screen's. */
export const CHART_SIZES = {
	narrow: { width: 340, height: 240, top: 12, right: 6, bottom: 28, left: 44, labels: 4 },
	wide: { width: 1000, height: 280, top: 12, right: 8, bottom: 28, left: 52, labels: 10 },
} as const
export type ChartSize = keyof typeof CHART_SIZES

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** '5 Nov', or 'Nov 2026' for months. */
export function bucketLabel(date: string, bucket: ReportBucket): string {
	const [y, m, d] = date.split('-').map(Number) as [number, number, number]
	return bucket === 'month' ? `${MONTHS[m - 1]} ${y}` : `${d} ${MONTHS[m - 1]}`
}

/** 'Rs. 12k', 'Rs. 1.2M': the chart's axis. */
export function shortRupees(value: number): string {
	const abs = Math.abs(value)
	const sign = value < 0 ? '-' : ''
	if (abs >= 1_000_000) return `${sign}${(abs / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1)}M`
	if (abs >= 1_000) return `${sign}${(abs / 1_000).toFixed(abs >= 10_000 ? 0 : 1)}k`
	return `${sign}${abs}`
}
