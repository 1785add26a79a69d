import type { ImpactFigure } from './types'

export const palestineInitiative: {
	title: string
	intro: string
	paragraphs: string[]
	impact: ImpactFigure[]
} = {
	title: 'Our Palestine Initiative',
	intro:
		'Gaming brought our team together, and we believe a business should do some good beyond its own customers. That is why 4% of the profit from every sale at {storeName} goes to help people affected in Palestine and Gaza.',
	paragraphs: [
		'It applies to every order, whatever you buy: a Game Pass subscription, a gift card, a game key or an account. The donation comes out of our profit, so it never adds anything to the price you pay.',
		'We give the money through trusted relief organisations that provide emergency help on the ground, such as food, clean water, medical care and shelter, rather than trying to deliver aid ourselves.',
		'We are a small store, so our contribution is modest, and we would rather say so honestly than make big claims. But every order adds to it, so every customer is part of it.',
		'If you would like to know more about how we donate, message us on WhatsApp at {whatsapp} or email {supportEmail}. And if you are able to, please consider donating directly to a recognised relief organisation as well.',
	],
	impact: [
		{ figure: '4%', label: 'Profit of every sale' },
		{ figure: '24/7', label: 'Every order, day and night' },
	],
}
