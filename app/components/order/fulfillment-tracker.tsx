import { useT } from '~/i18n/use-t'
import type { DeliveryState } from '~/domain/orders/order-state'
import { FULFILLMENT_STEPS, fulfillmentIndex } from '~/domain/orders/status'

/** §4 tracker: earlier steps done, the current one active, a bar as far along as the order is. */
export function FulfillmentTracker({ status }: { status: DeliveryState }) {
	const t = useT()
	const current = fulfillmentIndex(status)
	const step = FULFILLMENT_STEPS[current]!
	const percent = Math.round(((current + 1) / FULFILLMENT_STEPS.length) * 100)
	return (
		<section className="order-card" aria-labelledby="order-progress-title">
			<h2 id="order-progress-title">{t('order.progress.title')}</h2>
			<p className="muted">
				{t('order.progress.step', { step: current + 1, count: FULFILLMENT_STEPS.length, title: t(`order.step.${step.id}`) })}
			</p>
			<div className="order-progress" aria-hidden="true">
				<span style={{ width: `${percent}%` }} />
			</div>
			<ol className="order-steps">
				{FULFILLMENT_STEPS.map((s, i) => {
					const state = i < current ? 'done' : i === current ? 'active' : 'upcoming'
					return (
						<li key={s.id} className={`order-step ${state}`} aria-current={i === current ? 'step' : undefined}>
							<span className="order-step-mark" aria-hidden="true">
								{i < current ? '✓' : i + 1}
							</span>
							<span className="order-step-text">
								<strong>{t(`order.step.${s.id}`)}</strong>
								{state === 'done' ? <span className="sr-only"> {t('order.progress.done')}</span> : null}
								<span className="muted small">{t(`order.step.${s.id}.text`)}</span>
							</span>
						</li>
					)
				})}
			</ol>
		</section>
	)
}
