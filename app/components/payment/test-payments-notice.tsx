import { useRootData } from '~/components/layout/root-data'

/** Shown wherever a buyer pays online while the shop runs the PayPro simulator: nothing paid there is real. */
export function TestPaymentsNotice() {
	return <TestPaymentsNote shown={Boolean(useRootData()?.config.testPayments)} />
}

/** The notice itself, for a part the server draws from its loader (which knows whether payments are test ones). */
export function TestPaymentsNote({ shown }: { shown: boolean }) {
	if (!shown) return null
	return (
		<p className="warning-box test-payments" role="note">
			<strong>Test payments only.</strong> Online payments in this shop go to a PayPro simulator: no money is taken, and an order
			paid there is a test order.
		</p>
	)
}
