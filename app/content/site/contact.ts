export const contactIntro =
	'Have a question about a product, a payment or an order? Message us on WhatsApp at {whatsapp} or email {supportEmail}. Our support team is available 24/7, and sending your order number helps us answer faster.'
