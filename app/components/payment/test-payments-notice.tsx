import { useRootData } from '~/components/layout/root-data'
import { useT } from '~/i18n/use-t'

/** Shown wherever a buyer pays online while the shop runs the PayPro simulator: nothing paid there is real. */
export function TestPaymentsNotice() {
	return useRootData()?.config.testPayments ? <TestPaymentsText /> : null
}

/** The notice, for a part the server draws from its loader (which knows whether payments are test ones). */
export function TestPaymentsNote({ shown }: { shown: boolean }) {
	return shown ? <TestPaymentsText /> : null
}

/** The notice itself, for a part the server draws without the root's data (checkout's form, ADR-007). */
export function TestPaymentsText() {
	const t = useT()
	return (
		<p className="warning-box test-payments" role="note">
			<strong>{t('checkout.testPayments.title')}</strong> {t('checkout.testPayments.text')}
		</p>
	)
}
