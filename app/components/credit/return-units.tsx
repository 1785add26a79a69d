import type { ReturnableUnit } from '~/domain/credit/return-unit.server'
import { useLang, useT } from '~/i18n/use-t'
import { formatRs } from '~/utils/money'
import { formatPakistanTime } from '~/utils/pakistan-time'

// "Return for store credit" beside each unopened code the buyer may still return (ADR-051): plain forms
// posting to /api/order/return, which comes back to this page saying how it went (no script).

export function ReturnUnits({ orderNumber, units, returned, failed }: { orderNumber: string; units: ReturnableUnit[]; returned: number | null; failed: boolean }) {
	const t = useT()
	const lang = useLang()
	if (units.length === 0 && returned === null && !failed) return null
	return (
		<section className="order-card store-credit-return" id="store-credit-return" aria-labelledby="store-credit-return-title" data-testid="return-units">
			<h2 id="store-credit-return-title">{t('order.return.title')}</h2>
			{returned !== null ? (
				<p className="success-box" role="status">
					{t('order.return.done', { amount: formatRs(returned) })}
				</p>
			) : null}
			{failed ? (
				<p className="error-box" role="alert">
					{t('order.return.failed')}
				</p>
			) : null}
			{units.length > 0 ? (
				<>
					<p className="muted small">{t('order.return.text')}</p>
					<ul className="return-units">
						{units.map((u) => (
							<li key={u.unitId}>
								<span className="return-unit-name">
									<strong>{t('order.return.unit', { product: u.product, n: u.unitNumber })}</strong>
									<span className="muted small">{t('order.return.until', { date: formatPakistanTime(u.until, lang) })}</span>
								</span>
								<form method="post" action="/api/order/return">
									<input type="hidden" name="orderNumber" value={orderNumber} />
									<input type="hidden" name="unitId" value={u.unitId} />
									<button type="submit" className="button ghost small">
										{t('order.return.button')}
									</button>
								</form>
							</li>
						))}
					</ul>
				</>
			) : null}
		</section>
	)
}
