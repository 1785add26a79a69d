import type { Messages } from '../catalogue'

// Urdu for Pakistani buyers: the same keys and {places} as en/offline.ts.
export default {
	title: 'آپ آف لائن ہیں',
	description: 'یہ صفحہ دیکھنے کے لیے انٹرنیٹ چاہیے۔',
	body: 'یہ صفحہ دیکھنے کے لیے انٹرنیٹ چاہیے۔ اپنا کنکشن چیک کریں اور دوبارہ کوشش کریں۔',
	saved: 'اس ڈیوائس پر کھولے گئے آرڈر کے صفحات محفوظ کاپی کی صورت میں اب بھی دیکھے جا سکتے ہیں۔',
	tryAgain: 'دوبارہ کوشش کریں',
	myOrders: 'میرے آرڈرز',
	savedCopy: 'آپ آف لائن ہیں۔ یہ اس ڈیوائس پر {time} کو محفوظ کی گئی کاپی ہے؛ ہو سکتا ہے یہ پرانی ہو۔',
} satisfies Messages<'offline'>
