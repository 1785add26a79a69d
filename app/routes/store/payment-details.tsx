import { lazy, Suspense } from 'react'
import { redirect, useLocation } from 'react-router'
import { InvalidAccess } from '~/components/payment/invalid-access'
import { orderPagePath } from '~/domain/buyers/next-path'
import { isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { pageMeta } from '~/utils/seo'
import { db } from '~/db/client.server'
import { shownTransferAccounts } from '~/domain/settings/receiving-accounts.server'
import { useHydrated } from '~/utils/use-hydrated'
import { langOf, localePath } from '~/i18n/lang'
import { metaTranslate } from '~/i18n/meta-translate'
import type { Route } from './+types/payment-details'

export async function loader({ request }: Route.LoaderArgs) {
	// A link that names the order (an old bookmark, a shared link): its own page has the transfer details
	// and the upload, for whoever may see it (ADR-005, ADR-017).
	const url = new URL(request.url)
	const orderNumber = (url.searchParams.get('order') ?? url.searchParams.get('internalOrderId'))?.trim()
	if (orderNumber && isOrderNumberShaped(orderNumber)) throw redirect(localePath(langOf(url.pathname), orderPagePath(orderNumber)))
	// The accounts new buyers are shown now: those below their ceilings (ADR-049).
	return { accounts: await shownTransferAccounts(db()) }
}

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, {
		title: t('checkout.payment.metaTitle'),
		description: t('checkout.payment.metaDescription'),
		extra: [{ name: 'robots', content: 'noindex' }],
	})
}

/**
 * The transfer page itself: it opens only right after checkout placed the order (its state is the
 * navigation's), so its script loads then, with that click, not with a page opened by itself (issue 20).
 */
const ManualPayment = lazy(() => import('~/components/payment/manual-payment'))

export default function PaymentDetails({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	// Navigation state lives in the browser only: the server (and so hydration) always sees none.
	const hydrated = useHydrated()
	if (!hydrated || location.state == null) return <InvalidAccess />
	return (
		<Suspense fallback={null}>
			<ManualPayment navigationState={location.state} accounts={loaderData.accounts} />
		</Suspense>
	)
}
