// Urdu. Keys are shared with en/suppliers.ts (the build checks both name the same keys and places).
import type { Messages } from '../catalogue'

export default {
	'reason.gone': '{supplier} اب یہ پروڈکٹ ({product}) نہیں بیچتا۔',
	'reason.short': '{supplier} کے پاس مانگی گئی تعداد سے کم یونٹ ہیں ({product})۔',
	'reason.price': '{supplier} ‏{product} کے ایک یونٹ کے {max} سے زیادہ مانگ رہا ہے، جبکہ اس آپشن کا کم از کم منافع {margin}% رکھنے کے لیے زیادہ سے زیادہ یہی قیمت دی جا سکتی ہے۔',
	'reason.balance': '{supplier} کے مطابق دکان کے اکاؤنٹ میں {product} کے لیے رقم کافی نہیں: وہاں رقم ڈالیں، پھر دوبارہ کوشش کریں۔',
	'reason.refused': '{supplier} نے {product} کا آرڈر قبول نہیں کیا: {detail}',
	'reason.auth': '{supplier} نے دکان کی API key قبول نہیں کی: سپلائر کو دوبارہ جوڑیں، پھر دوبارہ کوشش کریں۔',
	'reason.unavailable': '{supplier} نے {attempts} کوششوں کے بعد بھی جواب نہیں دیا: جواب ملنے لگے تو دوبارہ کوشش کریں۔',
	'reason.keysShort': '{supplier} نے {minutes} منٹ میں {asked} میں سے {received} کوڈ دیے؛ باقی ہاتھ سے یا دوبارہ کوشش پر دیے جائیں گے۔',
	'reason.noRate': '{supplier} کی قیمتیں {currency} میں ہیں اور دکان میں ان کا روپے کا ریٹ درج نہیں، اس لیے منافع جانچا نہیں جا سکتا: Store details میں Costs and fees کے نیچے “{rate}” درج کریں، پھر دوبارہ کوشش کریں۔',
	'reason.simulator': '{supplier} دکان کا اپنا سمیولیٹر ہے جو لائیو دکان پر اصلی کوڈ نہیں بیچتا: کوئی اصلی سپلائر جوڑیں، پھر دوبارہ کوشش کریں۔',
	'reason.noSupplier': 'اس آپشن کا کوئی سپلائر چالو نہیں۔',
	'reason.loss': 'PayPro کی فیس اور کم از کم {margin}% منافع کے بعد اس آپشن کی قیمت میں سپلائر کو دینے کے لیے کچھ نہیں بچتا۔',
} satisfies Messages<'suppliers'>
