import { redirect, useRevalidator, useSearchParams } from 'react-router'
import { lookupKey, type OrderLookup } from '~/components/order/fetch-order'
import { OrderDetails } from '~/components/order/order-details'
import { OrderLoading, OrderNotFound } from '~/components/order/order-states'
import type { PaymentFormResult } from '~/components/order/payment-status'
import { useLiveOrder } from '~/components/order/use-live-order'
import { useOrderLookup } from '~/components/order/use-order-lookup'
import { usePurchaseTracking } from '~/components/order/use-purchase-tracking'
import { db } from '~/db/client.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { tokenMatches } from '~/domain/orders/order-token.server'
import { accessCookie, orderViewer } from '~/http/order-access.server'
import { lookUpOrderForPage, parseOrderQuery } from '~/domain/orders/order-for-request.server'
import type { OrderView } from '~/domain/orders/order-view'
import { readReceiptResult } from '~/domain/payments/receipt-rules'
import type { TransferAccount } from '~/domain/settings/store-details'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { useRootData } from '~/components/layout/root-data'
import { cookiesAreSecure } from '~/http/http.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/order-status'

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const { lookup, token, params } = parseOrderQuery(url)
	if (!lookup) return { lookup: null, order: null, retry: false, accounts: [] }
	if (token) {
		const found = await findOrder(db(), lookup)
		if (found && tokenMatches(found, token)) {
			// The link's token becomes the order's cookie, so it does not stay in the address bar or history.
			params.delete('token')
			throw redirect(`${url.pathname}?${params}`, {
				headers: { 'Set-Cookie': accessCookie(found.orderNumber, token, { secure: cookiesAreSecure(request) }), 'Cache-Control': 'no-store' },
			})
		}
	}
	// §7 call 7, first attempt (the browser makes the others only while the order may still be being written).
	const [{ order, retry }, store] = await Promise.all([lookUpOrderForPage(db(), lookup, await orderViewer(request)), readStoreDetails(db())])
	// An unpaid order is paid on this page: the transfer accounts come with it (they are the shop's public details).
	return { lookup, order: order as OrderView | null, retry, accounts: store.transferAccounts }
}

// The page differs per buyer (cookie) and changes by the minute.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Order Status',
		description: 'Track your order: payment, progress and delivery.',
		extra: [{ name: 'robots', content: 'noindex' }],
	})

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
	const { lookup, order, retry, accounts } = loaderData
	if (!lookup) return <OrderNotFound message="Order ID not found in URL parameters" />
	return <OrderTracking key={lookupKey(lookup)} lookup={lookup} initialOrder={order} retry={retry} accounts={accounts} />
}

function OrderTracking({ lookup, initialOrder, retry, accounts }: { lookup: OrderLookup; initialOrder: OrderView | null; retry: boolean; accounts: TransferAccount[] }) {
	const root = useRootData()
	const revalidator = useRevalidator()
	const [params] = useSearchParams()
	const { order, setOrder, error } = useOrderLookup(lookup, initialOrder, retry)
	const live = useLiveOrder(order?.orderNumber ?? null, order?.full ?? false, setOrder)
	usePurchaseTracking(order)
	// What a form posted without scripts came back with (codes only: the address never carries text to show).
	const formResult: PaymentFormResult = { receipt: readReceiptResult(params.get('receipt')), payAgainFailed: params.get('payAgain') === 'failed' }

	if (error) return <OrderNotFound message={error} />
	if (!order) return <OrderLoading />
	return (
		<OrderDetails
			order={order}
			live={live}
			whatsapp={root?.config.whatsapp ?? ''}
			supportEmail={root?.config.supportEmail ?? ''}
			accounts={accounts}
			formResult={formResult}
			onChanged={() => void revalidator.revalidate()}
		/>
	)
}
