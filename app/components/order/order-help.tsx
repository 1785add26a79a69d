import { useT } from '~/i18n/use-t'
import { chatLink } from '~/utils/chat'

/** Need Help: WhatsApp with the order number filled in, and the support mailbox. */
export function OrderHelp({ orderNumber, whatsapp, supportEmail }: { orderNumber: string; whatsapp: string; supportEmail: string }) {
	const t = useT()
	return (
		<section className="order-card" aria-labelledby="order-help-title">
			<h2 id="order-help-title">{t('order.help.title')}</h2>
			<p className="muted">{t('order.help.text')}</p>
			<div className="order-actions">
				<a className="button primary" href={chatLink(whatsapp, t('order.help.chatMessage', { orderNumber }))} target="_blank" rel="noopener noreferrer">
					{t('order.help.chat')}
				</a>
				<a className="button ghost" href={`mailto:${supportEmail}?subject=${encodeURIComponent(t('order.help.emailSubject', { orderNumber }))}`}>
					{t('order.help.email')}
				</a>
			</div>
			<p className="muted small">
				<bdi>{supportEmail}</bdi>
			</p>
		</section>
	)
}
