import { useLang, useT } from '~/i18n/use-t'
import type { OrderView } from '~/domain/orders/order-view'
import { subscriptionDaysLeft } from '~/domain/orders/subscription'
import { formatPakistanTime } from '~/utils/pakistan-time'
import { richText } from '../ui/rich-text'

/** DM subscriptions (§5, §9): the days left until the subscription ends; nothing without a countdown. */
export function SubscriptionCountdown({ order }: { order: OrderView }) {
	const t = useT()
	const lang = useLang()
	if (!order.subscriptionEndsAt) return null
	const days = subscriptionDaysLeft(order.subscriptionEndsAt)
	return (
		<section className="order-card subscription-countdown" aria-labelledby="order-subscription-title">
			<h2 id="order-subscription-title">{t('order.subscription.title')}</h2>
			{/* Server and browser may read the clock either side of a day's end. */}
			<p className={days > 0 ? 'subscription-days' : 'subscription-days ended'} data-testid="subscription-countdown" suppressHydrationWarning>
				{days > 0 ? t(days === 1 ? 'order.subscription.leftOne' : 'order.subscription.leftMany', { days }) : t('order.subscription.ended')}
			</p>
			<p className="muted small">
				{richText(t(days > 0 ? 'order.ends' : 'order.ended'), { date: <time dateTime={order.subscriptionEndsAt}>{formatPakistanTime(order.subscriptionEndsAt, lang)}</time> })}
			</p>
		</section>
	)
}
