import { describe, expect, it } from 'vitest'
import { seriesChart } from './report-charts.server'
import type { SalesReport } from './sales-report.server'

const report = (series: { date: string; revenue: number; profit: number }[]): Pick<SalesReport, 'series' | 'range'> => ({
	range: { from: series[0]!.date, to: series[series.length - 1]!.date, days: series.length, bucket: 'day' },
	series: series.map((p) => ({ ...p, orders: 1, refunds: 0 })),
})

describe('the sales chart', () => {
	it('draws a single day as one bar of a bar’s width, with a profit dot that shows where the line is a point', () => {
		for (const size of ['narrow', 'wide'] as const) {
			const chart = seriesChart(report([{ date: '2026-12-06', revenue: 4000, profit: 1500 }]), size)
			expect(chart.bars).toHaveLength(1)
			expect(chart.bars[0]!.width).toBeLessThanOrEqual(56)
			expect(chart.profitDots).toHaveLength(1)
			// The dot sits in the middle of the bar, at the profit's height (above zero, below the bar's top).
			expect(chart.profitDots[0]!.x).toBeCloseTo(chart.bars[0]!.x + chart.bars[0]!.width / 2)
			expect(chart.profitDots[0]!.y).toBeGreaterThan(chart.bars[0]!.y)
			expect(chart.profitDots[0]!.y).toBeLessThan(chart.zeroY)
		}
	})

	it('leaves the dots out when the buckets are many: the line reads alone', () => {
		const days = Array.from({ length: 90 }, (_, i) => ({ date: `2026-09-${String((i % 28) + 1).padStart(2, '0')}-${i}`, revenue: 100 * i, profit: 10 * i }))
		expect(seriesChart(report(days), 'wide').profitDots).toEqual([])
	})
})
