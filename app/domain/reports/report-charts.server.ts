import { scaleBand, scaleLinear } from 'd3-scale'
import { line } from 'd3-shape'
import { bucketLabel, CHART_SIZES, type ChartSize } from './report-chart-labels'
import type { SalesReport } from './sales-report.server'

// The report's charts as geometry computed on the server (ADR-031): the page draws it as SVG, so no
// chart code reaches any browser bundle (the console's or the buyers').

export interface SeriesChart {
	bars: { x: number; y: number; width: number; height: number; date: string; revenue: number }[]
	/** The profit line (may dip below zero). */
	profitPath: string
	/** A dot per bucket on the profit line: with one bucket (a single day) the line is a point, and the dot is what shows it. */
	profitDots: { x: number; y: number; date: string }[]
	zeroY: number
	yTicks: { y: number; value: number }[]
	xLabels: { x: number; text: string }[]
}

export interface BarChart {
	bars: { label: string; value: number; width: number; share: number }[]
}

/** Revenue as bars and profit as a line, per bucket. */
/** The widest a revenue bar is drawn, per drawing (the viewBox's units). */
const MAX_BAR_WIDTH: Record<ChartSize, number> = { narrow: 36, wide: 56 }
/** Up to this many buckets each gets a profit dot; past it the line alone reads better. */
const MAX_DOTS = 62

export function seriesChart(report: Pick<SalesReport, 'series' | 'range'>, size: ChartSize): SeriesChart {
	const { width, height, top, right, bottom, left, labels } = CHART_SIZES[size]
	const points = report.series
	const x = scaleBand<string>()
		.domain(points.map((p) => p.date))
		.range([left, width - right])
		.padding(points.length > 40 ? 0.1 : 0.2)
	const low = Math.min(0, ...points.map((p) => p.profit))
	const high = Math.max(1, ...points.map((p) => Math.max(p.revenue, p.profit)))
	const y = scaleLinear().domain([low, high]).nice(4).range([height - bottom, top])
	const zeroY = y(0)
	// A few buckets (a single day, a short week) make bands hundreds of pixels wide: the bar is kept a bar's width, in the middle of its band.
	const barWidth = Math.min(x.bandwidth(), MAX_BAR_WIDTH[size])
	const barX = (date: string) => (x(date) ?? 0) + (x.bandwidth() - barWidth) / 2
	const bars = points.map((p) => ({ x: barX(p.date), y: Math.min(y(p.revenue), zeroY), width: barWidth, height: Math.abs(zeroY - y(p.revenue)), date: p.date, revenue: p.revenue }))
	const profitDots = points.length <= MAX_DOTS ? points.map((p) => ({ x: (x(p.date) ?? 0) + x.bandwidth() / 2, y: y(p.profit), date: p.date })) : []
	const profitPath =
		line<(typeof points)[number]>()
			.x((p) => (x(p.date) ?? 0) + x.bandwidth() / 2)
			.y((p) => y(p.profit))(points) ?? ''
	// A few labels under the bars, evenly spread from the first.
	const step = Math.max(1, Math.ceil(points.length / labels))
	const xLabels = points
		.map((p, i) => ({ i, p }))
		.filter(({ i }) => i % step === 0)
		.map(({ p }) => ({ x: (x(p.date) ?? 0) + x.bandwidth() / 2, text: bucketLabel(p.date, report.range.bucket) }))
	return { bars, profitPath, profitDots, zeroY, yTicks: y.ticks(4).map((value) => ({ y: y(value), value })), xLabels }
}

/** Horizontal bars as percentages of the largest value (drawn with CSS widths, readable at any width). */
export function barChart(rows: { label: string; value: number }[]): BarChart {
	const max = Math.max(1, ...rows.map((r) => r.value))
	const total = rows.reduce((s, r) => s + Math.max(0, r.value), 0)
	return { bars: rows.map((r) => ({ label: r.label, value: r.value, width: Math.max(0, Math.round((r.value / max) * 1000) / 10), share: total ? r.value / total : 0 })) }
}
