import type { TransferAccount } from '~/domain/settings/store-details'
import { CopyButton } from '../ui/copy-button'
import { useT } from '~/i18n/use-t'

/** The bank and wallet accounts a buyer can send the amount to, each number with a copy button. */
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
						<div>
							<dt>{t('checkout.transfer.number')}</dt>
							<dd className="transfer-number-row">
								<span className="transfer-number" dir="ltr">
									{a.account}
								</span>
								{/* Banking and wallet apps want the number without the spaces that make it readable. */}
								<CopyButton value={a.account.replace(/\s+/g, '')} what={t('checkout.transfer.numberWhat', { method: a.method })} t={t} />
							</dd>
						</div>
					</dl>
				</li>
			))}
		</ul>
	)
}
