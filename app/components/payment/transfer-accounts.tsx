import type { TransferAccount } from '~/domain/settings/store-details'
import { groupedIban, groupedRaastId } from '~/domain/settings/receiving-accounts'
import { CopyButton } from '../ui/copy-button'
import { useT } from '~/i18n/use-t'

/** The bank and wallet accounts a buyer can send the amount to, each number (and IBAN, Raast ID) with a copy button. */
export function TransferAccounts({ accounts }: { accounts: TransferAccount[] }) {
	const t = useT()
	return (
		<ul className="transfer-accounts">
			{accounts.map((a) => (
				<li key={`${a.method}-${a.account}`} className="transfer-account">
					<h3 className="transfer-method">{a.method}</h3>
					<dl>
						<div>
							<dt>{t('checkout.transfer.holder')}</dt>
							<dd>{a.holder}</dd>
						</div>
						{/* Banking and wallet apps want each number without the spaces that make it readable. */}
						<NumberRow label={t('checkout.transfer.number')} shown={a.account} what={t('checkout.transfer.numberWhat', { method: a.method })} />
						{a.iban ? <NumberRow label={t('checkout.transfer.iban')} shown={groupedIban(a.iban)} what={t('checkout.transfer.ibanWhat', { method: a.method })} /> : null}
						{a.raastId ? <NumberRow label={t('checkout.transfer.raast')} shown={groupedRaastId(a.raastId)} what={t('checkout.transfer.raastWhat', { method: a.method })} /> : null}
					</dl>
				</li>
			))}
		</ul>
	)
}

function NumberRow({ label, shown, what }: { label: string; shown: string; what: string }) {
	const t = useT()
	return (
		<div>
			<dt>{label}</dt>
			<dd className="transfer-number-row">
				<span className="transfer-number" dir="ltr">
					{shown}
				</span>
				<CopyButton value={shown.replace(/\s+/g, '')} what={what} t={t} />
			</dd>
		</div>
	)
}
