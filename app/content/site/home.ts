import type { Testimonial, FaqItem } from './types'

export const heroCopy: { headline: string; subheadline: string } = {
	headline: 'Game Pass, Gift Cards and Game Keys, Paid in Rupees',
	subheadline:
		'Xbox Game Pass, PlayStation Plus, EA Play, gift cards and game accounts for gamers in Pakistan. Pay by card, JazzCash, EasyPaisa or bank transfer, and get your order delivered digitally, usually within hours.',
}

export const testimonials: Testimonial[] = [
	{
		name: 'Ahmed R.',
		city: 'Lahore',
		text: 'Ordered Game Pass Ultimate late at night and it was running on my Xbox within a couple of hours. Smooth from start to finish.',
	},
	{
		name: 'Ayesha K.',
		city: 'Karachi',
		text: 'Bought an Xbox gift card for my brother\'s birthday and paid with EasyPaisa. The code came quickly and worked first time.',
	},
	{
		name: 'Usman T.',
		city: 'Islamabad',
		text: 'Finally a way to pay for PC Game Pass in rupees without an international card. The setup guide was really easy to follow.',
	},
	{
		name: 'Hamza S.',
		city: 'Rawalpindi',
		text: 'I had trouble signing in and support answered on WhatsApp in the middle of the night. They sorted it out in minutes.',
	},
	{
		name: 'Fatima N.',
		city: 'Faisalabad',
		text: 'Got a shared Game Pass account for my son and the step-by-step guide made setting up his profile simple. Honest, friendly service.',
	},
	{
		name: 'Bilal A.',
		city: 'Peshawar',
		text: 'Paid by bank transfer, uploaded the receipt and watched my order on the tracking page until the key arrived. Will definitely buy again.',
	},
]

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
