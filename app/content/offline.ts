// What a buyer reads when the shop is opened without a connection (ADR-034): the offline page and the
// notice on a saved copy of an order page. English and Urdu with the same keys and {places}, ready to
// become the `offline` namespace of the message catalogues (app/i18n/{en,ur}/offline.ts).

export const OFFLINE_MESSAGES = {
	en: {
		title: 'You’re offline',
		description: 'This page needs an internet connection.',
		body: 'This page needs an internet connection. Check your connection and try again.',
		saved: 'Order pages you have opened on this device can still be seen as saved copies.',
		tryAgain: 'Try again',
		myOrders: 'My orders',
		savedCopy: 'You’re offline. This is a copy saved on this device on {time}; it may be out of date.',
	},
	ur: {
		title: 'آپ آف لائن ہیں',
		description: 'یہ صفحہ دیکھنے کے لیے انٹرنیٹ چاہیے۔',
		body: 'یہ صفحہ دیکھنے کے لیے انٹرنیٹ چاہیے۔ اپنا کنکشن چیک کریں اور دوبارہ کوشش کریں۔',
		saved: 'اس ڈیوائس پر کھولے گئے آرڈر کے صفحات محفوظ کاپی کی صورت میں اب بھی دیکھے جا سکتے ہیں۔',
		tryAgain: 'دوبارہ کوشش کریں',
		myOrders: 'میرے آرڈرز',
		savedCopy: 'آپ آف لائن ہیں۔ یہ اس ڈیوائس پر {time} کو محفوظ کی گئی کاپی ہے؛ ہو سکتا ہے یہ پرانی ہو۔',
	},
} as const satisfies Record<'en' | 'ur', Record<string, string>>
