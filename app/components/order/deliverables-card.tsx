import type { MessageKey } from '~/i18n/catalogue'
import { useLang, useT } from '~/i18n/use-t'
import type { FullOrderView } from '~/domain/orders/order-view'
import { heldAfterCancel, paymentFailed } from '~/domain/orders/order-facts'
import type { UnitClaimView } from '~/domain/claims/claim-rules'
import { RevealableDelivery, deliveryText } from './delivery-text'
import { UnitClaims } from './unit-claims'
import { isDelivery, isHiddenHand } from '~/domain/orders/delivered-units'
import { chatLink } from '~/utils/chat'

/**
 * §4 deliverables: the codes or account details once fulfillment is completed, or what stock
 * delivered so far. "Almost Ready!" only for a paid order: an unpaid or failed one promises nothing.
 */
export function DeliverablesCard({
	order,
	claims = [],
	claimSent = false,
	handReport = null,
}: {
	order: FullOrderView
	claims?: UnitClaimView[]
	claimSent?: boolean
	/** The shop's WhatsApp number when content delivered by hand may still be reported (ADR-052): it has no claim form. */
	handReport?: string | null
}) {
	const t = useT()
	const completed = order.deliveryStatus === 'completed'
	const text = deliveryText(order.deliveryContent, t, useLang())
	if (!order.actions.paid && text == null) {
		return (
			<section className="order-card" aria-labelledby="order-deliverables-title">
				<h2 id="order-deliverables-title">{t('order.deliverables.title')}</h2>
				<p className="muted" data-testid="deliverables-unpaid">
					{t(notDeliveredNote(order))}
				</p>
			</section>
		)
	}
	return (
		<section className="order-card" aria-labelledby="order-deliverables-title">
			<h2 id="order-deliverables-title">{t('order.deliverables.title')}</h2>
			{order.partlyDelivered && text != null ? (
				<>
					<p className="warning-box" role="status">
						<strong>{t('order.deliverables.partly')}</strong>{' '}
						{order.owedUnits > 0
							? t(order.owedUnits === 1 ? 'order.deliverables.owedOne' : 'order.deliverables.owedMany', { count: order.owedUnits })
							: t('order.deliverables.rest')}
					</p>
					<RevealableDelivery content={order.deliveryContent} orderNumber={order.orderNumber} from="order-page" />
					<UnitClaims orderNumber={order.orderNumber} units={claims} sent={claimSent} />
					<HandReport content={order.deliveryContent} orderNumber={order.orderNumber} whatsapp={handReport} />
				</>
			) : !completed ? (
				<>
					<h3>{t('order.deliverables.almostReady')}</h3>
					<p className="muted">{t('order.deliverables.almostReadyText')}</p>
				</>
			) : text == null ? (
				<p className="muted" role="status">
					{t('order.deliverables.preparing')}
				</p>
			) : (
				<>
					<p className="success-box">
						<strong>{t('order.deliverables.complete')}</strong> {t('order.deliverables.completeText')}
					</p>
					<RevealableDelivery content={order.deliveryContent} orderNumber={order.orderNumber} from="order-page" />
					<UnitClaims orderNumber={order.orderNumber} units={claims} sent={claimSent} />
					<HandReport content={order.deliveryContent} orderNumber={order.orderNumber} whatsapp={handReport} />
				</>
			)}
		</section>
	)
}

/**
 * Content staff delivered by hand, once the buyer revealed it: no stock unit, so no claim form
 * (ADR-052); within the window, the way to say it does not work is the chat, with the order number.
 */
function HandReport({ content, orderNumber, whatsapp }: { content: unknown; orderNumber: string; whatsapp: string | null }) {
	const t = useT()
	if (!whatsapp || content == null || isDelivery(content) || isHiddenHand(content)) return null
	return (
		<ul className="unit-claims" data-testid="hand-report">
			<li>
				<a href={chatLink(whatsapp, t('claims.hand.chat', { orderNumber }))} className="unit-claims-link" target="_blank" rel="noopener noreferrer">
					{t('claims.hand.link')}
				</a>
			</li>
		</ul>
	)
}

/** Why an order shows no codes yet, by where its payment stands. */
function notDeliveredNote(order: FullOrderView): MessageKey {
	if (order.actions.closed && !paymentFailed(order)) return 'order.deliverables.cancelled'
	if (order.refundedAmount > 0) return 'order.deliverables.refunded'
	if (heldAfterCancel(order)) return 'order.deliverables.paidAfterCancel'
	if (paymentFailed(order)) return 'order.deliverables.notPaid'
	return 'order.deliverables.waiting'
}
