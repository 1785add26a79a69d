// Static policy texts: Privacy Policy, Terms and Conditions, Refund & Cancellation Policy,
// Ownership Statement, FAQ, and the Game Pass terms shown before checkout.
// Placeholders {storeName}, {supportEmail} and {whatsapp} are filled in from store configuration.

export interface PolicySection {
	heading: string
	paragraphs: string[]
	bullets?: string[]
}

export interface PolicyPage {
	slug: string
	title: string
	description: string
	lastUpdated: string
	intro: string
	sections: PolicySection[]
}

export type PolicySlug = 'privacy-policy' | 'terms-and-conditions' | 'refund-policy' | 'ownership' | 'faq'

export const POLICY_LAST_UPDATED = 'July 8, 2025'

// ---------------------------------------------------------------------------------------------
// Privacy Policy
// ---------------------------------------------------------------------------------------------

const privacyPolicy: PolicyPage = {
	slug: 'privacy-policy',
	title: 'Privacy Policy',
	description:
		'What personal data {storeName} collects when you order, why we need it, how long we keep it and how we protect it.',
	lastUpdated: POLICY_LAST_UPDATED,
	intro:
		'This policy explains what information {storeName} collects when you browse our store, place an order or contact us, why we collect it, who we share it with and how long we keep it. We only ask for what we need to deliver your order and support you afterwards, and we never sell your data.',
	sections: [
		{
			heading: 'Information we collect',
			paragraphs: ['We collect the following information, most of it directly from you when you check out or contact us:'],
			bullets: [
				'Contact details: your full name, email address and phone number (usually your WhatsApp number).',
				'Order details: the products you buy, the duration, value or account type you choose, quantities, amounts in rupees, your order number, payment status and the payment reference given by our payment provider.',
				'Payment receipt images: if you pay by bank or wallet transfer, the screenshot or photo of your receipt that you upload.',
				'Delivery content: the codes, account details or instructions we deliver to you. These are stored encrypted at rest.',
				'Messages: what you send us by WhatsApp, email or our contact form, including any screenshots or videos you share for a warranty claim.',
				'Reviews: the name, rating and comment you choose to post publicly on a product page.',
				'Technical data: your IP address and browser details in our security logs, and small files in your browser (your cart and the access key for your own order page).',
			],
		},
		{
			heading: 'Why we use your information',
			paragraphs: ['We use your information only for running the store and looking after your orders:'],
			bullets: [
				'To process your order, confirm your payment and deliver your product.',
				'To contact you about your order, for example to send your tracking link, ask a question about your account or tell you that delivery is ready.',
				'To send service messages such as order confirmations and, for some subscriptions, a reminder before your plan ends.',
				'To handle warranty claims, replacements, cancellations and refunds.',
				'To prevent fraud and abuse, such as fake receipts, chargebacks or repeated failed attempts to open an order page.',
				'To keep the records that accounting and tax rules require.',
			],
		},
		{
			heading: 'Card and wallet payments',
			paragraphs: [
				'Card, JazzCash and EasyPaisa payments are processed by PayPro on its own secure hosted payment page. You enter your card or wallet details on PayPro\'s page, not on ours, so {storeName} never sees or stores your card number, CVV, wallet PIN or one-time passwords.',
				'We send PayPro your name, email, phone number, the order number, the products and the amount so it can create the payment, and PayPro tells us whether the payment succeeded. We always confirm a payment with PayPro directly before we mark an order as paid.',
				'If you pay by bank or wallet transfer instead, you upload a picture of your receipt. It is checked by a member of our team, stored under a name our system generates, and used only to match your payment to your order.',
			],
		},
		{
			heading: 'Keeping your order private',
			paragraphs: [
				'Every order has a secret tracking link. Only someone with that link (or the browser you ordered from) can see the full order page with your contact details and delivery content. Anyone who only knows an order number sees its status, amount and a partly hidden name, nothing more.',
				'Codes and account logins are never written into emails. Our emails carry your tracking link instead, and the delivery content stays on your private order page or in your WhatsApp chat with us. Please do not share your tracking link with anyone you would not give the product to.',
				'If you lose your link, you can unlock your order with the email address you used at checkout, or ask our support team to resend it. Unlock attempts are limited to protect your order.',
			],
		},
		{
			heading: 'Who we share information with',
			paragraphs: [
				'We do not sell, rent or trade your personal information. We share it only with the service providers we need to run the store, and only as much as each one needs:',
			],
			bullets: [
				'PayPro, to take card and wallet payments.',
				'Our email provider, to send order emails with your tracking link.',
				'Our hosting, database and file storage providers, which keep the store and your receipts running securely.',
				'Authorities, if the law requires it or to protect our customers and ourselves from fraud.',
			],
		},
		{
			heading: 'Cookies, local storage and measurement',
			paragraphs: [
				'We use your browser\'s storage to remember your cart between visits and a cookie that lets the browser you ordered from open your order page. These are needed for the store to work.',
				'We may also use analytics and advertising measurement tools to understand which pages and adverts are useful. They record events such as a product being viewed or a purchase being completed with its value in rupees; we do not pass your name, email, phone number or delivery content to them.',
			],
		},
		{
			heading: 'How long we keep your information',
			paragraphs: ['We keep information only as long as we need it:'],
			bullets: [
				'Order records (contact details, items, amounts, payment references): for as long as we need them to support your order and for as long as accounting and tax rules require us to keep sales records. After that they are deleted or anonymised.',
				'Payment receipt images: up to 12 months after the payment has been confirmed or rejected, then deleted.',
				'Delivery content: kept encrypted while your product is active and for up to 3 months afterwards so we can help with any problem, then deleted.',
				'Support messages and warranty evidence: up to 24 months.',
				'Security logs: up to 90 days, unless needed to investigate fraud.',
			],
		},
		{
			heading: 'How we protect your information',
			paragraphs: [
				'The store runs over an encrypted connection (HTTPS). Delivery content is encrypted at rest and is shown only to the staff member handling your order and to the holder of your tracking link. Staff sign in with their own accounts, and access to orders and payment approvals is logged.',
				'No system is perfectly secure, but we work hard to protect your data. If we ever learn of a breach that affects you, we will tell you by email or WhatsApp.',
			],
		},
		{
			heading: 'Your choices and rights',
			paragraphs: [
				'You can ask us for a copy of the personal information we hold about you, ask us to correct it, or ask us to delete it. We will do so unless we must keep certain records, for example for accounting or to resolve a dispute. You can also ask us to remove a review you posted.',
				'Our store is meant for adults. If you are under 18, please ask a parent or guardian to place the order for you.',
				'To make a request, email {supportEmail} or message us on WhatsApp at {whatsapp} from the email address or phone number used on your order.',
			],
		},
		{
			heading: 'Changes to this policy',
			paragraphs: [
				'We may update this policy when our store or the law changes. The date at the top of this page shows when it was last updated. If we make an important change, we will point it out on our website.',
			],
		},
	],
}

// ---------------------------------------------------------------------------------------------
// Terms and Conditions
// ---------------------------------------------------------------------------------------------

const termsAndConditions: PolicyPage = {
	slug: 'terms-and-conditions',
	title: 'Terms and Conditions',
	description:
		'The terms for buying subscriptions, gift cards, keys and accounts from {storeName}: payment, delivery, account rules and warranty.',
	lastUpdated: POLICY_LAST_UPDATED,
	intro:
		'These terms apply to every purchase from {storeName}. By placing an order you confirm that you have read and accepted them, together with our Privacy Policy and our Refund & Cancellation Policy. Please read them carefully, and contact us before buying if anything is unclear.',
	sections: [
		{
			heading: 'About {storeName}',
			paragraphs: [
				'{storeName} is an independent online store run from Pakistan. We sell digital gaming products: subscriptions such as Xbox Game Pass, PlayStation Plus and EA Play, gift cards, game keys, in-game content and personal or shared game accounts.',
				'We are not affiliated with, endorsed by or sponsored by Microsoft, Xbox, Sony, PlayStation, Electronic Arts or any other game publisher or platform. All product names and logos belong to their owners and are used only to describe what we sell.',
			],
		},
		{
			heading: 'Products and descriptions',
			paragraphs: [
				'All our products are digital. Nothing is shipped. Each product page describes what you receive, the platform it works on and any options such as duration, value or account type. Please check the platform, edition and region before you buy: a product bought for the wrong platform or account cannot be exchanged.',
				'Account products come in two types. A private account is for you alone. A shared account is used by at most 2 customers under our two-slot system, each on their own profile, and may have limits on online and multiplayer play. The exact rules are shown before checkout.',
				'Publishers and platforms sometimes change their services, game libraries, plans or prices. Games can join or leave subscription libraries at any time; that is outside our control and is not a fault in your order.',
			],
		},
		{
			heading: 'Prices and payment',
			paragraphs: [
				'All prices are in Pakistani rupees (Rs.). The amount shown at checkout is the amount you pay. Our system calculates the price of every order from our current price list, so a price changed in your browser is never accepted.',
				'You can pay by card, JazzCash or EasyPaisa through PayPro\'s secure hosted payment page, or by bank or mobile wallet transfer. For transfers you must send the exact order amount and upload a clear picture of your receipt. Your order is processed once the payment has been confirmed by PayPro or, for transfers, by our team.',
				'If a payment is reversed, charged back or found to be fake after delivery, we may disable the product delivered and refuse future orders.',
			],
		},
		{
			heading: 'Delivery',
			paragraphs: [
				'Most orders are delivered within 0-12 hours of payment confirmation, and we aim to deliver every order within 24 hours. Delivery may take longer during publisher outages or if we need information from you, and we will keep you updated if that happens.',
				'Delivery is digital. Your codes or account details appear on your private order page, reached through your secret tracking link, and we can also send them to you on WhatsApp. For your security we never put codes or passwords in emails; our emails carry your tracking link.',
				'Please give us a correct email address and phone number. We are not responsible for delays caused by wrong contact details or by messages you do not answer.',
			],
		},
		{
			heading: 'Your order page',
			paragraphs: [
				'After paying you can follow your order on its order page, which shows the payment status and each step of fulfillment. Keep your tracking link private: anyone who has it can see your delivery content.',
				'As soon as delivery content is shown on your order page or sent to you, the order counts as delivered.',
			],
		},
		{
			heading: 'Using accounts and subscriptions',
			paragraphs: ['When you receive an account or a subscription on an account we provide, you agree to:'],
			bullets: [
				'Use it for your own personal use only, and not resell, rent or share it.',
				'Never change the password, email, phone number, security questions, two-step verification or any other security information.',
				'Use it only on the platform you bought it for, and on shared accounts only on your own profile.',
				'Not use VPNs or proxies to sign in, and not make repeated wrong sign-in attempts.',
				'Follow the rules of the platform itself, such as the Microsoft Services Agreement or the PlayStation Network terms.',
			],
		},
		{
			heading: 'Breaking the rules',
			paragraphs: [
				'If you break the rules above, we may end your access at once without a refund. Where the breach costs us an account or a subscription (for example after a security change or a ban), we may charge a fee that depends on the cost of the damage. We will explain the fee to you before charging it.',
			],
		},
		{
			heading: 'Warranty and replacements',
			paragraphs: [
				'If a product does not work as described, tell us within 24 hours of delivery and send proof, such as a screenshot or a short screen recording of the error. If the fault is on our side, we will replace the product, usually within 24-48 hours.',
				'Subscription lengths may differ from the nominal length by 1 to 7 days, depending on how the platform counts billing periods. This is normal and is not a fault.',
				'Refunds and cancellations are covered by our Refund & Cancellation Policy.',
			],
		},
		{
			heading: 'Our responsibility',
			paragraphs: [
				'We do our best to keep the store running and to deliver every order quickly and correctly. We are not responsible for outages, bans, library changes or policy changes made by game platforms and publishers, or for losses caused by breaking these terms. Our total responsibility for any order is limited to the amount you paid for it.',
			],
		},
		{
			heading: 'Changes and contact',
			paragraphs: [
				'We may update these terms from time to time. The version that applies to your order is the one shown on our website when you placed it.',
				'Questions? Email {supportEmail} or message us on WhatsApp at {whatsapp}. Our support team is available 24/7.',
			],
		},
	],
}

// ---------------------------------------------------------------------------------------------
// Refund & Cancellation Policy
// ---------------------------------------------------------------------------------------------

const refundPolicy: PolicyPage = {
	slug: 'refund-policy',
	title: 'Refund & Cancellation Policy',
	description:
		'When you can cancel an order, how replacements work and when refunds are possible for digital products bought from {storeName}.',
	lastUpdated: POLICY_LAST_UPDATED,
	intro:
		'Digital products cannot be returned once they have been delivered, so we want to be clear from the start about when you can cancel, when we replace a product and when a refund is possible. If something goes wrong with your order, contact us and we will do our best to put it right.',
	sections: [
		{
			heading: 'Cancelling an order',
			paragraphs: [
				'You can cancel an order only before it is delivered. Message us on WhatsApp at {whatsapp} or email {supportEmail} with your order number as soon as possible. If we have not yet delivered your codes or account details, we will cancel the order and refund your payment in full.',
				'Once delivery content has been shown on your order page or sent to you, the order can no longer be cancelled.',
			],
		},
		{
			heading: 'No refunds after delivery or activation',
			paragraphs: [
				'Because codes, subscriptions and account details can be used as soon as you see them, we do not give refunds once an order has been delivered or a subscription has been activated. This includes changes of mind.',
			],
		},
		{
			heading: 'Faulty products and replacements',
			paragraphs: [
				'If your product does not work, report it within 24 hours of delivery and send us proof: a screenshot or short screen recording that shows the error, together with your order number. We check every claim and, if the fault is on our side, we replace the product, usually within 24-48 hours.',
				'Claims made more than 24 hours after delivery, or without proof, may not be accepted.',
			],
		},
		{
			heading: 'Game Pass and other subscriptions',
			paragraphs: [
				'For subscriptions, refunds are possible only for faults in the subscription itself, for example if it was never activated on the account. Whether we replace or refund is at our discretion as the provider, and we always try to replace first so you can keep playing.',
				'A subscription that runs 1 to 7 days shorter or longer than its nominal length (28 to 31 days for a 1-month plan) is normal and is not a fault.',
			],
		},
		{
			heading: 'What is not covered',
			paragraphs: ['We cannot refund or replace in these cases:'],
			bullets: [
				'You bought the wrong product, platform, edition, region or duration.',
				'You changed the password, email, phone number or other security information of an account we provided.',
				'You broke the account rules, for example by signing in with a VPN or proxy, using another customer\'s profile or sharing the account.',
				'Online or multiplayer features are limited on a shared account, as warned before purchase.',
				'A game left a subscription library, or a publisher changed its service, plans or prices.',
				'You did not report a problem within 24 hours of delivery.',
			],
		},
		{
			heading: 'When we refund',
			paragraphs: ['We refund the amount you paid when:'],
			bullets: [
				'You cancel before delivery.',
				'We cannot deliver your order, for example because the product is no longer available.',
				'A faulty product cannot be replaced.',
				'You paid twice for the same order, or paid more than the order amount by transfer.',
			],
		},
		{
			heading: 'How refunds are paid',
			paragraphs: [
				'Card and wallet payments made through PayPro are refunded to the same card or wallet. Bank and wallet transfers are refunded to the account you paid from; we may ask you to confirm its details.',
				'We send refunds within 7 working days of approving them. Your bank or wallet may take a few more days to show the money.',
			],
		},
		{
			heading: 'How to contact us',
			paragraphs: [
				'Send your order number (or tracking link), a short description of the problem and your proof to {supportEmail} or on WhatsApp at {whatsapp}. Our support team is available 24/7 and will reply as quickly as we can.',
			],
		},
	],
}

// ---------------------------------------------------------------------------------------------
// Ownership Statement
// ---------------------------------------------------------------------------------------------

const ownership: PolicyPage = {
	slug: 'ownership',
	title: 'Ownership Statement',
	description:
		'Why {storeName} is independent of Microsoft, Sony, EA and other publishers, and who owns the brands and content shown on our site.',
	lastUpdated: POLICY_LAST_UPDATED,
	intro:
		'This statement explains who runs {storeName}, how we relate to the companies whose products we sell, and who owns the names, images and content you see on our website.',
	sections: [
		{
			heading: 'Who we are',
			paragraphs: [
				'{storeName} is an independent online store run by a small team of gamers in Pakistan. We resell digital gaming products and provide our own delivery and after-sales support.',
			],
		},
		{
			heading: 'No affiliation with publishers or platforms',
			paragraphs: [
				'{storeName} is not affiliated with, endorsed by, sponsored by or officially connected to Microsoft, Xbox, Sony Interactive Entertainment, PlayStation, Electronic Arts, Rockstar Games, Bandai Namco, Ubisoft or any other game publisher, developer or platform.',
				'We are not an official support channel for any of these companies. For problems with the platforms themselves, such as outages or account bans, the platform holder\'s own rules apply.',
			],
		},
		{
			heading: 'Trademarks',
			paragraphs: [
				'Xbox, Xbox Game Pass, PlayStation, PlayStation Plus, EA Play and all other game, product and company names, logos and trademarks shown on this website belong to their respective owners. We use them only to identify the products we sell, and this does not mean that their owners approve of or work with us.',
			],
		},
		{
			heading: 'Product images and videos',
			paragraphs: [
				'Product artwork, screenshots, trailers and game information remain the property of their publishers and are shown only to help you recognise a product. If you own material shown here and would like it removed, contact us and we will act promptly.',
			],
		},
		{
			heading: 'What you receive when you buy',
			paragraphs: [
				'Gift cards and game keys are yours to redeem on your own account once delivered. Subscriptions give you access to the service for the period you bought, under the platform\'s own terms.',
				'With account products you receive access for your personal use, as described on the product page and in our Terms and Conditions. The account itself remains subject to the platform\'s terms, and on shared accounts each customer uses only their own profile. Access is not a transfer of ownership of the account.',
			],
		},
		{
			heading: 'Our own content',
			paragraphs: [
				'The {storeName} name and logo, the design of this website and the texts, guides and instructions we write are owned by {storeName}. Please do not copy or republish them without our written permission.',
			],
		},
		{
			heading: 'Contact',
			paragraphs: [
				'For questions about this statement, or to report a trademark or copyright concern, email {supportEmail} or message us on WhatsApp at {whatsapp}.',
			],
		},
	],
}

// ---------------------------------------------------------------------------------------------
// FAQ: one question per section
// ---------------------------------------------------------------------------------------------

const faq: PolicyPage = {
	slug: 'faq',
	title: 'Frequently Asked Questions',
	description:
		'Answers about delivery times, payment in rupees, tracking your order, shared and private accounts, refunds and support at {storeName}.',
	lastUpdated: POLICY_LAST_UPDATED,
	intro:
		'Here are answers to the questions we hear most often. If yours is not here, message us on WhatsApp at {whatsapp} or email {supportEmail}. We are available 24/7.',
	sections: [
		{
			heading: 'How long does delivery take?',
			paragraphs: [
				'Most orders are delivered within 0-12 hours of payment confirmation, and we aim to deliver every order within 24 hours. Bank and wallet transfers are confirmed by our team first, so they can take a little longer than card payments.',
			],
		},
		{
			heading: 'How will I receive my product?',
			paragraphs: [
				'Everything is delivered digitally. Your code or account details appear on your private order page, and we can also send them to you on WhatsApp. We send your tracking link by email, but for your security we never put codes or passwords in emails.',
			],
		},
		{
			heading: 'Which payment methods do you accept?',
			paragraphs: [
				'You can pay by debit or credit card, JazzCash or EasyPaisa on PayPro\'s secure hosted payment page. You can also pay by bank transfer or mobile wallet (such as SadaPay) and upload your receipt. All prices are in Pakistani rupees.',
			],
		},
		{
			heading: 'How does payment by bank or wallet transfer work?',
			paragraphs: [
				'Choose manual payment, send the exact order amount to one of the accounts shown on the payment page, and upload a clear screenshot or photo of your receipt (PNG or JPG, up to 10MB). Then tap Confirm Payment: WhatsApp opens with your order details in case you want to message us. Your order page keeps the accounts and the receipt upload, so you can also pay later from the link in your order email. Our team checks the payment and starts your order.',
			],
		},
		{
			heading: 'How do I track my order?',
			paragraphs: [
				'After checkout you get a secret tracking link. It opens your order page, which shows your payment status, each step of fulfillment and, once ready, your delivery content. The page updates live, so you can keep it open.',
				'Keep the link private: anyone with it can see your codes or account details. If you lose it, you can unlock your order with the email you used at checkout, or ask our support team.',
			],
		},
		{
			heading: 'My payment went through but the order page still says processing. What should I do?',
			paragraphs: [
				'Confirming a payment can take 10-20 seconds, so please wait a moment and refresh the page. If the status still has not changed after a few minutes, message us with your order number and we will check it for you.',
			],
		},
		{
			heading: 'What is the difference between a shared and a private account?',
			paragraphs: [
				'A private account is used by you alone. A shared account costs less and is used by at most 2 customers under our two-slot system, with each customer on their own profile. After purchase we send you a step-by-step guide to set up your profile.',
				'Shared accounts may have limits on online and multiplayer play, and these limits are not grounds for a refund. If online play matters to you, choose a private account.',
			],
		},
		{
			heading: 'Why does my Game Pass show a few days more or less than I bought?',
			paragraphs: [
				'Platforms count subscription periods in their own way, so the length shown may differ by 1 to 7 days from the nominal length. A 1-month plan, for example, may show anything from 28 to 31 days. This is normal and is not a fault.',
			],
		},
		{
			heading: 'Can I cancel my order or get a refund?',
			paragraphs: [
				'You can cancel and get a full refund only before your order is delivered. Once the code or account details have been delivered, or a subscription has been activated, we cannot give a refund. Please read our Refund & Cancellation Policy for details.',
			],
		},
		{
			heading: 'What if my code or account does not work?',
			paragraphs: [
				'Tell us within 24 hours of delivery and send proof, such as a screenshot or short screen recording of the error. If the fault is on our side, we replace the product, usually within 24-48 hours.',
			],
		},
		{
			heading: 'Is it safe to buy from you?',
			paragraphs: [
				'Yes. Card and wallet payments are handled by PayPro, so we never see your card number, and your delivery content is stored encrypted and shown only on your private order page. Every product comes with our replacement warranty, as long as you follow the account rules, such as never changing security information or signing in through a VPN.',
			],
		},
		{
			heading: 'Will the products work in Pakistan, and what about regions?',
			paragraphs: [
				'Our subscriptions and accounts are set up to be used from Pakistan. Some gift cards and keys only work on an account from a particular region. Where this matters, the product page says so. If you are not sure which one you need, message us before buying, as a product bought for the wrong region cannot be exchanged.',
			],
		},
		{
			heading: 'Can I play on both console and PC?',
			paragraphs: [
				'It depends on the product. Game Pass comes in separate console and PC editions, and each must be used only on the platform you bought it for. Each product page tells you which platforms it supports.',
			],
		},
		{
			heading: 'What is your 4% donation?',
			paragraphs: [
				'We donate 4% of the profit from every sale to help people affected in Palestine and Gaza. The money is given through trusted relief organisations. You can read more on our Palestine Initiative page.',
			],
		},
		{
			heading: 'How can I contact support?',
			paragraphs: [
				'Our support team is available 24/7 on WhatsApp at {whatsapp} and by email at {supportEmail}. Please include your order number so we can help you faster.',
			],
		},
	],
}

export const policyPages: Record<PolicySlug, PolicyPage> = {
	'privacy-policy': privacyPolicy,
	'terms-and-conditions': termsAndConditions,
	'refund-policy': refundPolicy,
	ownership,
	faq,
}

// ---------------------------------------------------------------------------------------------
// Game Pass terms (/game-pass-terms for console, /game-pass-pc-terms for PC)
// ---------------------------------------------------------------------------------------------

const personalUse: PolicySection = {
	heading: 'Personal use only',
	paragraphs: [
		'The Game Pass subscription and any account we provide with it are for your own personal use. You may not resell, rent, lend or share them with anyone else, or use them for any commercial purpose.',
	],
}

const securityInformation: PolicySection = {
	heading: 'Do not change security information',
	paragraphs: [
		'You must never change the password, email address, phone number, security questions, two-step verification, recovery options or any other security information of an account we provide, and you must not add or remove payment methods or other sign-in details.',
		'Changing security information is a serious violation. It leads to immediate termination of your access without a refund and a violation fee, which varies with the cost of recovering or replacing the account.',
	],
}

function sharedAccounts(platform: string): PolicySection {
	return {
		heading: 'Shared accounts and the two-slot system',
		paragraphs: [
			'A shared account is used by at most 2 customers under our two-slot system. Your slot is linked to your own profile, and you must use only that profile.',
			`After purchase we send you a step-by-step guide to set up your profile on your ${platform}. Please follow it exactly. Do not sign in to, change or remove the other customer's profile, and do not sign the other customer out.`,
		],
		bullets: [
			'At most 2 customers per account.',
			'Each customer uses their own profile only.',
			'A step-by-step setup guide is sent after purchase.',
		],
	}
}

const consoleOnlinePlay: PolicySection = {
	heading: 'Online and multiplayer play on shared accounts',
	paragraphs: [
		'Because a shared account is used by two customers, online and multiplayer features may not always work as they would on a private account. Some games may limit or block online play on a shared account.',
		'No refunds are given for limits on online modes of a shared account. If online play is important to you, choose a private account instead.',
	],
}

const consolePlatform: PolicySection = {
	heading: 'Use only on the platform you bought',
	paragraphs: [
		'The console edition of Game Pass must be used only on an Xbox console. It is not to be used on PC, and the PC edition is not to be used on a console. A subscription used on the wrong platform is not covered by our warranty.',
	],
}

const pcPlatform: PolicySection = {
	heading: 'Use only on the platform you bought',
	paragraphs: [
		'The PC edition of Game Pass must be used only on a Windows PC, through the Xbox app and the launchers it requires. It is not to be used on an Xbox console. A subscription used on the wrong platform is not covered by our warranty.',
	],
}

const consoleDuration: PolicySection = {
	heading: 'Subscription length',
	paragraphs: [
		'The length of your subscription may differ by 1 to 7 days from the nominal length you bought, depending on how the platform counts billing periods and when your subscription is activated. This is normal and is not a fault or grounds for a refund.',
	],
}

const pcDuration: PolicySection = {
	heading: 'Subscription length',
	paragraphs: [
		'The length of your subscription may differ by 1 to 7 days from the nominal length you bought, depending on how the platform counts billing periods and when your subscription is activated. A 1-month plan may show anything from 28 to 31 days.',
		'This is normal and is not a fault or grounds for a refund.',
	],
}

const pcLaunchers: PolicySection = {
	heading: 'Third-party launchers: do not sign out',
	paragraphs: [
		'Many PC Game Pass games run through third-party launchers such as the Xbox app, the EA app or Ubisoft Connect, which are signed in to the account we provide.',
		'Do not sign out of these launchers, and do not sign in with any other account. Signing out or changing the signed-in account can break access for you and for other customers, and is treated as a violation of these terms.',
	],
}

const refundsAndReplacements: PolicySection = {
	heading: 'Refunds and replacements',
	paragraphs: [
		'Refunds are given only for faults in the subscription itself, for example if it was never activated. Whether a faulty subscription is replaced or refunded is at our discretion as the provider, and we always try to replace first.',
		'To make a claim, report the problem within 24 hours of delivery with proof, such as a screenshot or short screen recording of the error. Accepted claims are usually replaced within 24-48 hours. There are no refunds after delivery or activation for any other reason, including a change of mind or games leaving the Game Pass library.',
	],
}

const vpnAndSignIns: PolicySection = {
	heading: 'No VPNs, proxies or repeated wrong sign-ins',
	paragraphs: [
		'Do not sign in through a VPN, proxy or any service that hides or changes your location, and do not make repeated sign-in attempts with a wrong password. Both can make the platform lock or flag the account, and are treated as violations of these terms.',
	],
}

const violations: PolicySection = {
	heading: 'Violations',
	paragraphs: [
		'If you break any of these terms, we will terminate your access without a refund. We may also charge a violation fee, which varies with the damage caused, such as the cost of recovering or replacing the account and the subscription of any other customer affected.',
	],
}

const agreement: PolicySection = {
	heading: 'Your agreement',
	paragraphs: [
		'By ticking the box below and continuing to checkout, you confirm that you have read, understood and agree to these Game Pass terms, as well as our Terms and Conditions and our Refund & Cancellation Policy.',
		'If you have any questions before buying, message us on WhatsApp at {whatsapp} or email {supportEmail}.',
	],
}

export const gamePassTerms: { console: PolicySection[]; pc: PolicySection[] } = {
	console: [
		personalUse,
		securityInformation,
		sharedAccounts('Xbox console'),
		consoleOnlinePlay,
		consolePlatform,
		consoleDuration,
		refundsAndReplacements,
		vpnAndSignIns,
		violations,
		agreement,
	],
	pc: [
		personalUse,
		securityInformation,
		sharedAccounts('PC'),
		pcPlatform,
		pcLaunchers,
		pcDuration,
		refundsAndReplacements,
		vpnAndSignIns,
		violations,
		agreement,
	],
}
