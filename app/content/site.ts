// Marketing and page texts for the storefront.
// Placeholders {storeName}, {supportEmail} and {whatsapp} are filled in from store configuration.

export interface Testimonial {
	name: string
	city: string
	text: string
}

export type ServiceIcon = 'gamepad' | 'gift' | 'key' | 'user' | 'bolt' | 'headset'

export interface Service {
	title: string
	description: string
	icon: ServiceIcon
}

export interface FaqItem {
	question: string
	answer: string
}

export interface ImpactFigure {
	figure: string
	label: string
}

export interface ContentGroup {
	heading: string
	items: string[]
}

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

export const aboutStory: string[] = [
	'{storeName} was started by a small team of gamers in Pakistan who were tired of how hard it was to pay for gaming subscriptions here. International cards, currency conversion and unreliable sellers made something as simple as renewing Game Pass a headache, so we decided to build the store we wanted to buy from ourselves.',
	'Our aim is simple: make subscriptions, gift cards, game keys and accounts affordable and easy to pay for in rupees, with payment methods Pakistani gamers actually use and real people on WhatsApp when you need help. Since we started we have delivered more than 1,000 orders, and we still look after every single one as if it were our own.',
	'We also believe a business should give something back. 4% of the profit from every sale is donated to help people affected in Palestine and Gaza. {storeName} is an independent store and is not affiliated with Microsoft, Sony, EA or any other game publisher.',
]

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
		'We are a small store, so our contribution is modest, and we would rather say so honestly than make big claims. But every order adds to it, and with more than 1,000 orders delivered, our customers have already been part of it many times over.',
		'If you would like to know more about how we donate, message us on WhatsApp at {whatsapp} or email {supportEmail}. And if you are able to, please consider donating directly to a recognised relief organisation as well.',
	],
	impact: [
		{ figure: '4%', label: 'Profit of every sale' },
		{ figure: '1,000+', label: 'Orders that contributed' },
		{ figure: '24/7', label: 'Every order, day and night' },
	],
}

export const gamePassBenefits: string[] = [
	'Hundreds of high-quality games to play, with new titles added all the time',
	'Day-one releases: play new games on the day they launch',
	'EA Play membership included, with EA favourites and member rewards',
	'Online multiplayer with friends on console',
	'Cloud gaming: stream selected games without waiting for downloads',
	'Member discounts on games and add-ons',
	'Play on Xbox console or Windows PC with the matching edition',
]

export const gtaVContent: ContentGroup[] = [
	{
		heading: 'Grand Theft Auto V: Story Mode',
		items: [
			'The complete Grand Theft Auto V story, following Michael, Franklin and Trevor',
			'The huge open world of Los Santos and Blaine County',
			'Planned heists, chases and missions you can tackle your own way',
			'Switch between the three main characters at any time',
		],
	},
	{
		heading: 'Grand Theft Auto Online',
		items: [
			'Access to Grand Theft Auto Online and all its existing updates and content',
			'The Criminal Enterprise Starter Pack, worth over GTA$10,000,000 in GTA Online content',
			'GTA$1,000,000 bonus cash to spend in GTA Online',
			'Heists, businesses, races and missions to play with friends',
		],
	},
	{
		heading: 'Starter Pack Properties',
		items: [
			'Maze Bank West Executive Office',
			'Paleto Forest Gunrunning Bunker',
			'Senora Desert Counterfeit Cash Factory',
			'Great Chaparral Biker Clubhouse',
			'1561 San Vitas Street Apartment',
			'1337 Exceptionalists Way 10-Car Garage',
		],
	},
	{
		heading: 'Starter Pack Vehicles, Weapons and Outfits',
		items: [
			'Vehicles: Dune FAV, Maibatsu Frogger, Enus Windsor, Obey Omnis, Invetero Coquette Classic, Grotti Turismo R, Pegassi Vortex, Enus Huntley S, Western Zombie Chopper and Bravado Banshee',
			'Weapons: Compact Grenade Launcher, Marksman Rifle and Compact Rifle',
			'Stunt Racing and Import/Export outfits',
			'Biker tattoos',
		],
	},
]

export const tekken7Content: ContentGroup[] = [
	{
		heading: 'Tekken 7: Game Modes',
		items: [
			'The Mishima Saga story mode, which settles the feud between Heihachi and Kazuya',
			'Character Episodes for the fighters on the roster',
			'Arcade Battle, Treasure Battle, Practice and offline Versus',
			'Online Ranked Matches, Player Matches and Online Tournaments',
			'Deep character customisation and a Gallery of art and movies from the series',
		],
	},
	{
		heading: 'Base Roster Highlights',
		items: [
			'The Mishima family: Kazuya Mishima, Heihachi Mishima, Jin Kazama and Kazumi Mishima',
			'Series favourites: King, Paul Phoenix, Yoshimitsu, Nina Williams, Hwoarang, Bryan Fury, Ling Xiaoyu and Asuka Kazama',
			'Newcomers: Claudio Serafino, Shaheen, Katarina Alves, Lucky Chloe, Josie Rizal, Gigas and Master Raven',
			'Akuma, guest fighter from Street Fighter',
		],
	},
	{
		heading: 'Season Pass and DLC Fighters',
		items: [
			'Eliza, the vampire princess from Tekken Revolution',
			'Guest fighters Geese Howard from Fatal Fury and Noctis Lucis Caelum from Final Fantasy XV',
			'Negan from The Walking Dead',
			'Returning favourites Anna Williams, Lei Wulong, Craig Marduk, Armor King and Julia Chang',
			'Zafina, Ganryu and newcomers Leroy Smith, a Wing Chun master, and Fahkumram, a Muay Thai fighter',
			'Kunimitsu and Lidia Sobieska',
			'The DLC included depends on the edition shown on the product page. Ask us before buying if you are not sure.',
		],
	},
	{
		heading: 'Stages and Extras',
		items: [
			'Classic stages such as Mishima Dojo, Arctic Snowfall, Jungle Outpost, Infinite Azure, Souq, Devil\'s Pit and Kinder Gym',
			'Hammerhead, the Final Fantasy XV stage that comes with Noctis',
			'Island Paradise, the beach resort stage that comes with Lidia Sobieska',
			'Ultimate TEKKEN BOWL bonus mode',
			'Extra costumes and customisation items from the DLC packs',
		],
	},
]

export const contactIntro =
	'Have a question about a product, a payment or an order? Message us on WhatsApp at {whatsapp} or email {supportEmail}. Our support team is available 24/7, and sending your order number helps us answer faster.'

export const productsMissingNote =
	'Can\'t find the game, gift card or subscription you\'re looking for? Message us on Instagram or on WhatsApp at {whatsapp} and we\'ll do our best to get it for you.'
