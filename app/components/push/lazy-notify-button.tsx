import { lazy, Suspense } from 'react'

/** "Notify me on this phone" for My orders: only a signed-in buyer's list offers it, so its script comes with that list, never with the sign-in form's page. */
const NotifyButtonLater = lazy(() => import('./notify-button').then((m) => ({ default: m.NotifyButton })))

export function LazyNotifyButton({ orderNumber }: { orderNumber?: string }) {
	return (
		<Suspense fallback={null}>
			<NotifyButtonLater orderNumber={orderNumber} />
		</Suspense>
	)
}
