import type { Messages } from '../catalogue'

// Urdu for Pakistani buyers: the same keys and {places} as en/whatsapp.ts.
export default {
	'paid': 'آپ کی پیمنٹ مل گئی ہے۔ ہم آپ کا آرڈر ابھی تیار کر رہے ہیں۔',
	'delivered': 'آپ کا آرڈر تیار ہے۔ دیکھنے کے لیے آرڈر کا صفحہ کھولیں۔',
	'replaced': 'ہم نے آپ کے آرڈر میں ایک آئٹم بدل دیا ہے۔ نیا دیکھنے کے لیے آرڈر کا صفحہ کھولیں۔',
	'refunded': 'آپ کو {amount} ریفنڈ کر دیے گئے ہیں۔',
	'transferRejected': 'ہم آپ کی ٹرانسفر کی تصدیق نہیں کر سکے۔ وجہ جاننے کے لیے آرڈر کا صفحہ کھولیں۔',
	'cancelled': 'آپ کا آرڈر منسوخ کر دیا گیا ہے۔',
	'paymentReminder': 'آپ کے آرڈر کی ادائیگی ابھی نہیں ہوئی۔ ادائیگی کرنے یا کوئی اور طریقہ چننے کے لیے آرڈر کا صفحہ کھولیں۔',
	'test': 'یہ {store} کی طرف سے ٹیسٹ میسج ہے: واٹس ایپ پر آرڈر اپڈیٹس کام کر رہی ہیں۔',
} satisfies Messages<'whatsapp'>
