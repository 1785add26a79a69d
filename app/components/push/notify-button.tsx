import { useEffect, useId, useState } from 'react'
import { useT } from '~/i18n/use-t'
import { PUSH_ANSWER_MS, pushFlag, type PushState } from './push-flag'

// "Notify me on this phone" (Web Push). Drawn only once scripts run in a browser with Push and
// Notification: the page without scripts shows nothing of it. What subscribes is loaded on click.


const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

export function NotifyButton({ orderNumber }: { orderNumber?: string }) {
	const t = useT()
	const [state, setState] = useState<PushState | null>(null)

	useEffect(() => {
		if (!supported()) return
		if (Notification.permission === 'denied') return setState('blocked')
		if (Notification.permission !== 'granted' || !localStorage.getItem(pushFlag(orderNumber))) return setState('offer')
		let live = true
		void navigator.serviceWorker
			.getRegistration('/')
			.then((r) => r?.pushManager.getSubscription())
			.then((s) => live && setState(s ? 'on' : 'offer'), () => live && setState('offer'))
		return () => {
			live = false
		}
	}, [orderNumber])

	const hintId = useId()
	if (!state) return null
	/**
	 * Past PUSH_ANSWER_MS the buyer is told (signing off: the phone stays on); the work goes on, and an
	 * answer that comes later still counts when it is "on", or when the buyer is waiting on it again.
	 */
	const run = (busy: PushState, step: 'subscribe' | 'unsubscribe') => {
		setState(busy)
		const timer = setTimeout(() => setState((now) => (now === busy ? (step === 'subscribe' ? 'no-answer' : 'on') : now)), PUSH_ANSWER_MS)
		const settle = (next: PushState) => {
			clearTimeout(timer)
			setState((now) => (now === busy || next === 'on' ? next : now))
		}
		void import('./push-subscribe').then((m) => m[step](orderNumber)).then(settle, () => settle('failed'))
	}
	const on = state === 'on' || state === 'turning-off'
	const trouble = state === 'failed' || state === 'no-answer'
	return (
		<div className="push-offer" aria-live="polite">
			{on ? (
				<p className="push-on">
					<span>{t('push.on')}</span>{' '}
					<button type="button" className="button ghost small" disabled={state === 'turning-off'} onClick={() => run('turning-off', 'unsubscribe')}>
						{state === 'turning-off' ? t('push.turningOff') : t('push.turnOff')}
					</button>
				</p>
			) : state === 'blocked' ? (
				<p className="muted small">{t('push.blocked')}</p>
			) : (
				<>
					<button type="button" className="button ghost" disabled={state === 'asking'} aria-describedby={hintId} onClick={() => run('asking', 'subscribe')}>
						{state === 'asking' ? t('push.asking') : trouble ? t('push.tryAgain') : t('push.offer')}
					</button>
					<p id={hintId} className={trouble ? 'push-failed small' : 'muted small'} role={trouble ? 'alert' : undefined}>
						{state === 'no-answer' ? t('push.noAnswer') : state === 'failed' ? t('push.failed') : orderNumber ? t('push.offerHint') : t('push.offerHintAll')}
					</p>
				</>
			)}
		</div>
	)
}
