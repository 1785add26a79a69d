import { useRootData } from '~/components/layout/root-data'

/** Shown wherever a buyer pays online while the shop runs the PayPro simulator: nothing paid there is real. */
export function TestPaymentsNotice() {
	if (!useRootData()?.config.testPayments) return null
	return (
		<p className="warning-box test-payments" role="note">
			<strong>Test payments only.</strong> Online payments in this shop go to a PayPro simulator: no money is taken, and an order
			paid there is a test order.
		</p>
	)
}
