import { z } from 'zod'
import { defineContract, type AdminContract } from '../admin-contract'

const rupees = z.number().int()
const totals = z.object({
	orders: z.number().int(),
	revenue: rupees,
	refunds: rupees,
	discounts: rupees,
	net: rupees,
	cost: rupees,
	profit: rupees,
	averageOrder: rupees,
	ordersWithoutCost: z.number().int(),
	creditIssued: rupees.describe('Store credit given in the range: refunds to store credit and codes returned'),
	creditSpent: rupees.describe('Store credit spent at checkout in the range, less credit given back when an order ended unpaid'),
})

/** The sales report as JSON; every figure is defined in app/domain/reports/sales-report.server.ts (ADR-031). */
export const salesReportView = z.object({
	range: z.object({ from: z.string(), to: z.string(), days: z.number().int(), bucket: z.enum(['day', 'week', 'month']) }),
	previous: z.object({ from: z.string(), to: z.string() }),
	totals,
	previousTotals: totals,
	series: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: rupees, refunds: rupees, profit: rupees })),
	byProduct: z.array(
		z.object({ productId: z.number().int().nullable(), variantId: z.number().int().nullable(), name: z.string(), option: z.string().nullable(), platform: z.string().nullable(), units: z.number().int(), revenue: rupees, discount: rupees, cost: rupees }),
	),
	byPlatform: z.array(z.object({ key: z.string(), label: z.string(), units: z.number().int(), revenue: rupees })),
	byPaymentMethod: z.array(z.object({ key: z.string(), label: z.string(), orders: z.number().int(), revenue: rupees })),
	funnel: z.object({
		placed: z.number().int(),
		paid: z.number().int(),
		delivered: z.number().int(),
		expired: z.number().int(),
		byMethod: z.array(z.object({ method: z.string(), label: z.string(), placed: z.number().int(), paid: z.number().int(), delivered: z.number().int(), expired: z.number().int(), paidShare: z.number().nullable() })),
	}),
	deliveryTimes: z.array(z.object({ how: z.enum(['stock', 'hand']), orders: z.number().int(), medianSeconds: z.number().int().nullable(), p90Seconds: z.number().int().nullable() })),
	topCustomers: z.array(z.object({ email: z.string(), orders: z.number().int(), revenue: rupees, refunds: rupees })),
})

const day = z.string().max(40).optional()

export const salesReportContract = defineContract({
	method: 'GET',
	path: '/api/admin/reports/sales',
	summary:
		'Sales for a range of Pakistan days (from and to included; or range=today|7d|30d|month; default the last 30 days) and the period of equal length before: revenue, refunds, net, cost, profit, discounts, a series by day, week or month, by product, platform and payment method, the funnel, delivery times and top customers. Test payments are left out. A bad date, a year outside 2000–9998, from after to, more than five years (1,830 days), or by day over more than 366 days is a 400 sentence.',
	tag: 'Reports',
	permission: 'reports',
	scope: 'reports',
	query: z.object({ from: day, to: day, range: day, by: day }),
	response: salesReportView,
})

/** The reports' endpoints. */
export const reportsContracts: AdminContract[] = [salesReportContract]
