import type { CreditView } from '~/domain/credit/credit'
import { useLang, useT } from '~/i18n/use-t'
import { formatRs } from '~/utils/money'
import { formatPakistanTime } from '~/utils/pakistan-time'

// The buyer's store credit on My orders (ADR-051): the balance and its history (date in Pakistan time,
// what, amount), drawn by the server with the orders (no script).

export function StoreCredit({ credit }: { credit: Pick<CreditView, 'balance' | 'entries'> }) {
	const t = useT()
	const lang = useLang()
	return (
		<section className="order-card store-credit-panel" aria-labelledby="store-credit-title" data-testid="store-credit">
			<h2 id="store-credit-title">{t('order.my.credit.title')}</h2>
			<p className="store-credit-balance">
				<strong>{t('order.my.credit.balance', { amount: formatRs(credit.balance) })}</strong>
			</p>
			{credit.entries.length === 0 ? (
				<p className="muted small">{t('order.my.credit.none')}</p>
			) : (
				<>
					{credit.balance > 0 ? <p className="muted small">{t('order.my.credit.hint')}</p> : null}
					<table className="store-credit-history">
						<thead>
							<tr>
								<th scope="col">{t('order.my.credit.when')}</th>
								<th scope="col">{t('order.my.credit.what')}</th>
								<th scope="col" className="num">
									{t('order.my.credit.amount')}
								</th>
							</tr>
						</thead>
						<tbody>
							{credit.entries.map((e) => (
								<tr key={e.id}>
									<td>{formatPakistanTime(e.createdAt, lang)}</td>
									<td>{t(`order.my.credit.kind.${e.kind}`, { order: e.orderNumber ?? '' })}</td>
									<td className="num nowrap">
										<bdi>{e.amount > 0 ? `+${formatRs(e.amount)}` : `−${formatRs(-e.amount)}`}</bdi>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</>
			)}
		</section>
	)
}
