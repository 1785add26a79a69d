import { useLang, useT } from '~/i18n/use-t'
import type { OrderView } from '~/domain/orders/order-view'
import { formatRs } from '~/utils/money'
import { discountOf } from '~/domain/coupons/coupon'
import { CopyButton } from '../ui/copy-button'
import { formatPakistanTime } from '~/utils/pakistan-time'

/** The summary card: numbers to quote to support, who ordered, how much and when. */
export function OrderSummary({ order }: { order: OrderView }) {
	const t = useT()
	const lang = useLang()
	return (
		<section className="order-card" aria-labelledby="order-summary-title">
			<h2 id="order-summary-title">{t('order.summary.title')}</h2>
			<dl className="order-facts">
				<div>
					<dt>{t('order.summary.orderNumber')}</dt>
					<dd className="order-copyable">
						<span className="order-code" data-testid="order-number" dir="ltr">{order.orderNumber}</span>
						<CopyButton value={order.orderNumber} what={t('order.copy.orderNumber')} />
					</dd>
				</div>
				{order.orderId ? (
					<div>
						<dt>{t('order.summary.payproId')}</dt>
						<dd className="order-copyable">
							<span className="order-code" dir="ltr">{order.orderId}</span>
							<CopyButton value={order.orderId} what={t('order.copy.payproId')} />
						</dd>
					</div>
				) : null}
				<div>
					<dt>{t('order.summary.customer')}</dt>
					<dd>{order.customerName || t('order.summary.customer')}</dd>
				</div>
				{order.full && order.customerEmail ? (
					<div>
						<dt>{t('order.summary.email')}</dt>
						<dd className="order-code">
							<bdi>{order.customerEmail}</bdi>
						</dd>
					</div>
				) : null}
				{order.full && order.customerPhone ? (
					<div>
						<dt>{t('order.summary.phone')}</dt>
						<dd>
							<bdi dir="ltr">{order.customerPhone}</bdi>
						</dd>
					</div>
				) : null}
				{order.full && discountOf(order.items) > 0 ? (
					<div>
						<dt>{t('order.summary.discount')}</dt>
						<dd className="order-discount">{`−${formatRs(discountOf(order.items))}`}</dd>
					</div>
				) : null}
				<div>
					<dt>{t('order.summary.total')}</dt>
					<dd className="order-total">{formatRs(order.totalAmount)}</dd>
				</div>
				<div>
					<dt>{t('order.summary.date')}</dt>
					<dd>
						<time dateTime={order.createdAt}>{formatPakistanTime(order.createdAt, lang)}</time>
					</dd>
				</div>
			</dl>
		</section>
	)
}
