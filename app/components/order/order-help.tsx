import { chatLink } from '~/utils/chat'

/** Need Help: WhatsApp with the order number filled in, and the support mailbox. */
export function OrderHelp({ orderNumber, whatsapp, supportEmail }: { orderNumber: string; whatsapp: string; supportEmail: string }) {
	return (
		<section className="order-card" aria-labelledby="order-help-title">
			<h2 id="order-help-title">Need Help?</h2>
			<p className="muted">Questions about this order? We answer 24/7. Please quote your order number.</p>
			<div className="order-actions">
				<a className="button primary" href={chatLink(whatsapp, `Hi! I need help with my order ${orderNumber}.`)} target="_blank" rel="noopener noreferrer">
					Chat on WhatsApp
				</a>
				<a className="button ghost" href={`mailto:${supportEmail}?subject=${encodeURIComponent(`Order ${orderNumber}`)}`}>
					Email Support
				</a>
			</div>
			<p className="muted small">{supportEmail}</p>
		</section>
	)
}
