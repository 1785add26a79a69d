export const aboutStory: string[] = [
	'{storeName} was started by a small team of gamers in Pakistan who were tired of how hard it was to pay for gaming subscriptions here. International cards, currency conversion and unreliable sellers made something as simple as renewing Game Pass a headache, so we decided to build the store we wanted to buy from ourselves.',
	'Our aim is simple: make subscriptions, gift cards, game keys and accounts affordable and easy to pay for in rupees, with payment methods Pakistani gamers actually use and real people on WhatsApp when you need help. We look after every single order as if it were our own.',
	'We also believe a business should give something back. 4% of the profit from every sale is donated to help people affected in Palestine and Gaza. {storeName} is an independent store and is not affiliated with Microsoft, Sony, EA or any other game publisher.',
]
