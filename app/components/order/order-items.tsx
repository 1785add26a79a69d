import { useLang, useLocalePath, useT } from '~/i18n/use-t'
import { optionLabel } from '~/i18n/option-label'
import { isolated } from '~/components/ui/rich-text'
import { aroundLink } from './around-link'
import { Link } from 'react-router'
import type { OrderLine } from '~/db/schema'
import type { FullOrderView } from '~/domain/orders/order-view'
import { receiptPath } from '~/domain/orders/receipt-path'
import { lineEndsAt, renewPath } from '~/domain/orders/renewal'
import { subscriptionDaysLeft } from '~/domain/orders/subscription'
import { subscriptionsRun } from '~/domain/orders/order-facts'
import { formatRs } from '~/utils/money'
import { formatPakistanDay } from '~/utils/pakistan-time'
import { endsWords } from './ends-words'
import { accountTypeWord } from '~/components/checkout/checkout-summary'

/** What was bought: only in the full view. */
export function OrderItems({ items, order }: { items: OrderLine[]; order?: Pick<FullOrderView, 'orderNumber' | 'actions' | 'deliveredAt' | 'paymentStatus'> }) {
	const t = useT()
	const lang = useLang()
	const lp = useLocalePath()
	if (items.length === 0) return null
	const [before, after] = aroundLink(t('order.items.receiptNote'))
	// A refunded, cancelled or held order runs no subscription: no end, no days left, no Renew.
	const delivered = order && subscriptionsRun(order) ? order.deliveredAt : null
	return (
		<section className="order-card" aria-labelledby="order-items-title">
			<h2 id="order-items-title">{t('order.items.title', { count: items.reduce((n, i) => n + i.quantity, 0) })}</h2>
			<ul className="order-items">
				{items.map((item, index) => (
					<li key={`${item.id}-${index}`} className="order-item">
						<div>
							<p className="order-item-name">{item.name}</p>
							{item.selectedDuration ? <p className="muted small">{t('order.items.duration', { label: isolated(lang, optionLabel(t, item.selectedDuration)) })}</p> : null}
							{item.selectedDenomination ? <p className="muted small">{t('order.items.value', { label: isolated(lang, optionLabel(t, item.selectedDenomination)) })}</p> : null}
							{item.selectedAccountType ? <p className="muted small">{t('order.items.account', { label: accountTypeWord(t, item.selectedAccountType) ?? '' })}</p> : null}
							<p className="muted small">{t('order.items.quantity', { count: item.quantity })}</p>
							{order ? <LineEnd item={item} deliveredAt={delivered} orderNumber={order.orderNumber} index={index} /> : null}
						</div>
						<div className="order-item-price">
							<p className="order-item-total">{formatRs(item.price * item.quantity)}</p>
							{item.quantity > 1 ? <p className="muted small">{t('order.items.each', { price: formatRs(item.price) })}</p> : null}
						</div>
					</li>
				))}
			</ul>
			{order ? (
				<p className="order-receipt-link small">
					{before}
					<Link to={lp(receiptPath(order.orderNumber))}>{order.actions.paid ? t('order.items.receipt') : t('order.items.summary')}</Link>
					{after}
				</p>
			) : null}
		</section>
	)
}

/** A subscription line: when it ends (its months from delivery), the days left, and Renew. */
function LineEnd({ item, deliveredAt, orderNumber, index }: { item: OrderLine; deliveredAt: string | null; orderNumber: string; index: number }) {
	const t = useT()
	const lang = useLang()
	const lp = useLocalePath()
	const endsAt = lineEndsAt(item, deliveredAt)
	if (!endsAt) return null
	const iso = endsAt.toISOString()
	const days = subscriptionDaysLeft(endsAt)
	return (
		<div className="line-renewal">
			{/* Server and browser may read the clock either side of a day's end. */}
			<p className={days > 0 ? 'line-ends' : 'line-ends ended'} data-testid="line-ends" suppressHydrationWarning>
				{endsWords(t, days, <time dateTime={iso}>{formatPakistanDay(iso, lang)}</time>)}
			</p>
			<Link to={lp(renewPath(orderNumber, index))} className="button ghost small line-renew">
				{t('order.renew')}
			</Link>
		</div>
	)
}
