import type { SalesReport } from './sales-report.server'

// The numbers behind each of the report page's charts and lists, as plain tables: the page shows
// them (for screen readers and anyone who wants the figures) and /admin/reports.csv?part=… downloads
// the same rows, so the CSV is exactly what is shown.

export const REPORT_PARTS = ['totals', 'series', 'products', 'platforms', 'methods', 'funnel', 'delivery', 'customers'] as const
export type ReportPart = (typeof REPORT_PARTS)[number]

export interface ReportTable {
	title: string
	headers: string[]
	rows: (string | number | null)[][]
}

const percent = (share: number | null) => (share == null ? null : `${Math.round(share * 1000) / 10}%`)
const minutes = (seconds: number | null) => (seconds == null ? null : Math.round(seconds / 6) / 10)

export function reportTable(report: SalesReport, part: ReportPart): ReportTable {
	const t = report.totals
	const p = report.previousTotals
	switch (part) {
		case 'totals':
			return {
				title: `Totals, ${report.range.from} to ${report.range.to}, and ${report.previous.from} to ${report.previous.to}`,
				headers: ['Figure', 'This period (Rs.)', 'Previous period (Rs.)'],
				rows: [
					['Revenue', t.revenue, p.revenue],
					['Refunds', t.refunds, p.refunds],
					['Net', t.net, p.net],
					['Cost', t.cost, p.cost],
					['Profit', t.profit, p.profit],
					['Orders', t.orders, p.orders],
					['Average order', t.averageOrder, p.averageOrder],
					['Discount given', t.discounts, p.discounts],
					['Store credit issued', t.creditIssued, p.creditIssued],
					['Store credit spent', t.creditSpent, p.creditSpent],
				],
			}
		case 'series':
			return {
				title: `Sales by ${report.range.bucket}`,
				headers: [report.range.bucket === 'day' ? 'Day' : `${report.range.bucket === 'week' ? 'Week' : 'Month'} from`, 'Orders', 'Revenue (Rs.)', 'Refunds (Rs.)', 'Profit (Rs.)'],
				rows: report.series.map((s) => [s.date, s.orders, s.revenue, s.refunds, s.profit]),
			}
		case 'products':
			return {
				title: 'By product and option',
				headers: ['Product', 'Option', 'Units', 'Revenue (Rs.)', 'Discount (Rs.)', 'Cost (Rs.)'],
				rows: report.byProduct.map((r) => [r.name, r.option, r.units, r.revenue, r.discount, r.cost]),
			}
		case 'platforms':
			return { title: 'By platform', headers: ['Platform', 'Units', 'Revenue (Rs.)'], rows: report.byPlatform.map((r) => [r.label, r.units, r.revenue]) }
		case 'methods':
			return { title: 'By payment method', headers: ['Payment method', 'Orders', 'Revenue (Rs.)'], rows: report.byPaymentMethod.map((r) => [r.label, r.orders, r.revenue]) }
		case 'funnel':
			return {
				title: 'Orders placed in the period: paid, delivered, expired unpaid',
				headers: ['Payment method', 'Placed', 'Paid', 'Delivered', 'Expired unpaid', 'Share paid'],
				rows: [
					...report.funnel.byMethod.map((r) => [r.label, r.placed, r.paid, r.delivered, r.expired, percent(r.paidShare)]),
					['All', report.funnel.placed, report.funnel.paid, report.funnel.delivered, report.funnel.expired, percent(report.funnel.placed ? report.funnel.paid / report.funnel.placed : null)],
				],
			}
		case 'delivery':
			return {
				title: 'Paid to delivered',
				headers: ['Delivered', 'Orders', 'Median (minutes)', '90th percentile (minutes)'],
				rows: report.deliveryTimes.map((d) => [d.how === 'stock' ? 'From stock' : 'By hand', d.orders, minutes(d.medianSeconds), minutes(d.p90Seconds)]),
			}
		case 'customers':
			return { title: 'Top customers', headers: ['Email', 'Orders', 'Spent (Rs.)', 'Refunded (Rs.)'], rows: report.topCustomers.map((c) => [c.email, c.orders, c.revenue, c.refunds]) }
	}
}
