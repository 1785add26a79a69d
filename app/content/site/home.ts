import type { FaqItem } from './types'

/** The announcement above the header, until the owner changes it (/admin/store). */
export const announcementBanner = 'Xbox Game Pass Revamped - New Plans & Price Hike on Ultimate Tier!'

/** The home page's first screen is the owner's to edit (/admin/store); this is where a new shop starts. Testimonials are the owner's alone: a new shop has none. */
export const heroCopy: { headline: string; subheadline: string } = {
	headline: 'Game Pass, Gift Cards and Game Keys, Paid in Rupees',
	subheadline:
		'Xbox Game Pass, PlayStation Plus, EA Play, gift cards and game accounts for gamers in Pakistan. Pay by card, JazzCash, EasyPaisa or bank transfer, and get your order delivered digitally, usually within hours.',
}

export const homeFaq: FaqItem[] = [
	{
		question: 'How fast will I get my order?',
		answer:
			'Most orders are delivered within 0-12 hours of payment confirmation, and we aim to deliver every order within 24 hours.',
	},
	{
		question: 'How can I pay?',
		answer:
			'Pay by card, JazzCash or EasyPaisa on PayPro\'s secure payment page, or by bank or wallet transfer with a screenshot of your receipt. All prices are in rupees.',
	},
	{
		question: 'How do I receive and track my order?',
		answer:
			'After checkout you get a private tracking link. Your order page shows every step live, and your code or account details appear there once ready. We can also send them on WhatsApp.',
	},
	{
		question: 'What is the difference between a shared and a private account?',
		answer:
			'A private account is for you alone. A shared account costs less and is used by at most 2 customers, each on their own profile, but online play may be limited.',
	},
	{
		question: 'What if my code or account does not work?',
		answer:
			'Tell us within 24 hours of delivery with a screenshot or screen recording of the problem. If the fault is on our side, we replace it, usually within 24-48 hours.',
	},
	{
		question: 'Can I get a refund?',
		answer:
			'You can cancel for a full refund before your order is delivered. Once a code or account has been delivered or a subscription activated, we cannot refund it.',
	},
]
