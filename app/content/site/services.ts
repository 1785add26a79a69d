import type { Service } from './types'

export const services: Service[] = [
	{
		title: 'Gaming Subscriptions',
		description:
			'Xbox Game Pass for console and PC, PlayStation Plus and EA Play, priced in rupees, with plans from 1 to 12 months.',
		icon: 'gamepad',
	},
	{
		title: 'Gift Cards',
		description:
			'Xbox gift cards and more in popular values, so you can buy games, add-ons and subscriptions on your own account. Need another amount? Ask us for a quote.',
		icon: 'gift',
	},
	{
		title: 'Game Keys',
		description:
			'Digital keys and in-game content for popular games on Xbox, PlayStation and PC, ready to redeem on your account.',
		icon: 'key',
	},
	{
		title: 'Game Accounts',
		description:
			'Private accounts just for you, or lower-cost shared accounts for at most 2 customers, each on their own profile, with a step-by-step setup guide.',
		icon: 'user',
	},
	{
		title: 'Fast Digital Delivery',
		description:
			'Most orders are delivered within 0-12 hours, straight to your private order page and WhatsApp. Follow every step live with your tracking link.',
		icon: 'bolt',
	},
	{
		title: '24/7 Support',
		description:
			'Questions, setup help or a problem with a code? Our team is on WhatsApp and email around the clock, and every product comes with our replacement warranty.',
		icon: 'headset',
	},
]
