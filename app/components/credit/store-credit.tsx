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
					<ul className="store-credit-history" aria-label={t('order.my.credit.title')}>
						{credit.entries.map((e) => (
							<li key={e.id}>
								<span className="store-credit-what">
									<span>{t(`order.my.credit.kind.${e.kind}`, { order: e.orderNumber ?? '' })}</span>
									<span className="muted small">{formatPakistanTime(e.createdAt, lang)}</span>
								</span>
								<strong className="store-credit-amount nowrap">
									<bdi>{e.amount > 0 ? `+${formatRs(e.amount)}` : `−${formatRs(-e.amount)}`}</bdi>
								</strong>
							</li>
						))}
					</ul>
				</>
			)}
		</section>
	)
}
