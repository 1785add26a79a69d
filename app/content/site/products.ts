export const productsMissingNote =
	'Can\'t find the game, gift card or subscription you\'re looking for? Message us on Instagram or on WhatsApp at {whatsapp} and we\'ll do our best to get it for you.'
