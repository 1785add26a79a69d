import { db } from '~/db/client.server'
import { boundedRead } from '~/db/bounded-reads.server'
import { listOrders } from '~/domain/orders/list-orders.server'
import { parseOrderListQuery } from '~/domain/orders/order-list-query'
import type { StaffOrder } from '~/domain/orders/staff-order-view.server'
import { specFulfillmentStatus, specPaymentStatus } from '~/domain/orders/status'
import { AppError } from '~/utils/app-error'
import { logger } from '~/utils/logger.server'
import { refundsOfOrders, refundSummary, type RefundRecord } from '~/domain/refunds/list-refunds.server'
import { requireAdminActor } from '~/http/admin-api.server'
import type { Route } from './+types/orders-csv'
import { onlyMethods } from '~/http/http.server'
import { profitsOf } from '~/domain/costs/order-profit.server'
import { staffMay } from '~/domain/staff/permissions'
import { discountOf } from '~/domain/coupons/coupon'
import { pakistanDate, pakistanStamp } from '~/utils/pakistan-time'

// The dashboard's filtered list as CSV, streamed five thousand orders at a time. No delivery content.
const HEADER = ['Order #', 'Date & Time (PKT)', 'Customer', 'Email', 'Phone', 'Products', 'Amount (Rs.)', 'Payment status', 'Fulfillment status', 'Payment method', 'PayPro id', 'Test payment', 'Discount (Rs.)', 'Refunded (Rs.)', 'Refunds', 'Cancel reason']
/** Any staff member may download the CSV; only the owner's has what each paid order cost and earned (recorded at payment). */
const OWNER_HEADER = ['Cost (Rs.)', 'PayPro fee (Rs.)', 'Profit (Rs.)', 'Profit after refunds (Rs.)']
// Five thousand orders a batch: at a million orders, a month (41,000 orders) took 31 s in batches of a thousand and 19 s in
// batches of five thousand on a loaded machine (each batch pays its page query, its cursor checks and its round trips; ADR-057).
const BATCH = 5000

/** Quoted always; a cell a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe. */
function csvCell(value: string | number | null | undefined): string {
	let text = value == null ? '' : String(value)
	if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
	return `"${text.replace(/"/g, '""')}"`
}

const products = (order: StaffOrder) =>
	order.items
		.map((l) => [`${l.name} x ${l.quantity}`, l.selectedDuration?.label ?? l.selectedDenomination?.label, l.selectedAccountType].filter(Boolean).join(', '))
		.join('; ')

type Profits = Awaited<ReturnType<typeof profitsOf>>

/** The owner's three columns of an order (empty until it is paid), or none for other staff. */
const ownerCells = (o: StaffOrder, profits: Profits | null) => {
	if (!profits) return []
	const p = profits.get(o.id)
	return [p?.cost, p?.fee, p?.profit, p?.profitAfterRefunds]
}

const row = (o: StaffOrder, refunds: RefundRecord[], profits: Profits | null) =>
	[o.orderNumber, pakistanStamp(o.createdAt), o.customerName, o.customerEmail, o.customerPhone, products(o), o.totalAmount, specPaymentStatus(o.paymentStatus), specFulfillmentStatus(o.deliveryStatus), o.paymentMethod, o.payproTransactionId, o.testPayment ? (o.testAwaitingApproval ? 'yes, awaiting approval' : 'yes, approved') : 'no', discountOf(o.items), o.refundedAmount, refunds.map(refundSummary).join('; '), o.cancelReason, ...ownerCells(o, profits)]
		.map(csvCell)
		.join(',') + '\r\n'

export async function loader({ request }: Route.LoaderArgs) {
	const { staff } = await requireAdminActor(request, { permission: 'staff', scope: 'session-only' })
	const owner = staff != null && staffMay(staff, 'owner')
	let parsed: ReturnType<typeof parseOrderListQuery>
	try {
		parsed = parseOrderListQuery(new URL(request.url).searchParams)
	} catch (error) {
		// A day filter that is no day of the shop's years: its sentence, as the reports' CSV answers.
		if (error instanceof AppError) return new Response(error.message, { status: error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
		throw error
	}
	const query = { ...parsed, before: null, after: null }
	const encoder = new TextEncoder()
	let cursor: number | null = null
	let done = false
	const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
		start(controller) {
			// The BOM lets spreadsheet apps read Urdu names as UTF-8.
			controller.enqueue(encoder.encode('\uFEFF' + [...HEADER, ...(owner ? OWNER_HEADER : [])].map(csvCell).join(',') + '\r\n'))
		},
		async pull(controller) {
			if (done) return controller.close()
			try {
				// Each batch is one of the bounded reads (ADR-057): a long export never holds the pool checkouts need.
				const { page, text } = await boundedRead(db(), async (reader) => {
					const page = await listOrders(reader, { ...query, before: cursor }, { pageSize: BATCH, deliveryContent: false, withTotal: false })
					if (page.orders.length === 0) return { page, text: '' }
					// The refunds (and, for the owner, the costs) of the batch.
					const refunds = await refundsOfOrders(reader, page.orders.map((o) => o.id))
					const profits = owner ? await profitsOf(reader, page.orders.map((o) => o.id)) : null
					return { page, text: page.orders.map((o) => row(o, refunds.get(o.id) ?? [], profits)).join('') }
				})
				if (text) controller.enqueue(encoder.encode(text))
				cursor = page.olderCursor
				if (cursor == null) {
					done = true
					controller.close()
				}
			} catch (error) {
				logger.error({ err: error }, 'exporting orders failed')
				controller.error(error)
			}
		},
	})
	const date = pakistanDate(new Date())
	// Gzipped here rather than by the compression middleware, which leaks a 'drain' listener on
	// every backpressured write of a long stream (expressjs/compression#135).
	const gzip = /\bgzip\b/i.test(request.headers.get('Accept-Encoding') ?? '')
	return new Response(gzip ? stream.pipeThrough(new CompressionStream('gzip')) : stream, {
		headers: {
			...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="orders-${date}.csv"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

export const action = onlyMethods('GET')
