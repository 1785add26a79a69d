// The shop's page texts in Urdu, for Pakistani buyers: the same shapes as the English modules in
// ../site/, drawn by each page's loader (never shipped in a page's script). Names of games,
// products and places stay as they are; {storeName}, {supportEmail} and {whatsapp} are filled in.
import { starterPackProperties } from '../site/gta-v'
import type { ContentGroup, ImpactFigure, Service } from '../site/types'

export const aboutStory: string[] = [
	'{storeName} پاکستان کے چند گیمرز نے شروع کیا جو یہاں گیمنگ سبسکرپشنز کی ادائیگی کی مشکلات سے تنگ آ چکے تھے۔ انٹرنیشنل کارڈ، کرنسی کا فرق اور ناقابلِ بھروسہ سیلرز کی وجہ سے گیم پاس ری نیو کرنے جیسا آسان کام بھی درد سر بن جاتا تھا، اس لیے ہم نے وہ اسٹور بنانے کا فیصلہ کیا جس سے ہم خود خریدنا چاہتے تھے۔',
	'ہمارا مقصد سیدھا سا ہے: سبسکرپشنز، گفٹ کارڈز، گیم کیز اور اکاؤنٹس کو سستا اور روپوں میں خریدنا آسان بنانا، ان طریقوں سے جن سے پاکستانی گیمرز واقعی ادائیگی کرتے ہیں، اور ضرورت پڑنے پر واٹس ایپ پر اصل لوگ آپ کی مدد کو موجود ہوں۔ ہم ہر آرڈر کا خیال ایسے رکھتے ہیں جیسے وہ ہمارا اپنا ہو۔',
	'ہم یہ بھی مانتے ہیں کہ کاروبار کو معاشرے کو کچھ واپس دینا چاہیے۔ ہر سیل کے منافع کا 4% فلسطین اور غزہ کے متاثرہ لوگوں کی مدد کے لیے عطیہ کیا جاتا ہے۔ {storeName} ایک آزاد اسٹور ہے اور Microsoft، Sony، EA یا کسی دوسرے گیم پبلشر سے اس کا کوئی تعلق نہیں۔',
]

export const contactIntro =
	'کسی پروڈکٹ، ادائیگی یا آرڈر کے بارے میں سوال ہے؟ ہمیں واٹس ایپ پر {whatsapp} پر میسج کریں یا {supportEmail} پر ای میل کریں۔ ہماری سپورٹ ٹیم 24/7 موجود ہے، اور اپنا آرڈر نمبر ساتھ بھیجنے سے ہم جلدی جواب دے پاتے ہیں۔'

export const gamePassBenefits: string[] = [
	'سینکڑوں بہترین گیمز کھیلنے کو، اور نئی گیمز مسلسل شامل ہوتی رہتی ہیں',
	'ڈے ون ریلیزز: نئی گیمز ان کے لانچ والے دن ہی کھیلیں',
	'EA Play ممبرشپ شامل ہے، EA کی مقبول گیمز اور ممبر ریوارڈز کے ساتھ',
	'کنسول پر دوستوں کے ساتھ آن لائن ملٹی پلیئر',
	'کلاؤڈ گیمنگ: منتخب گیمز ڈاؤن لوڈ کا انتظار کیے بغیر اسٹریم کریں',
	'گیمز اور ایڈ آنز پر ممبرز کے لیے ڈسکاؤنٹ',
	'متعلقہ ایڈیشن کے ساتھ Xbox کنسول یا Windows PC پر کھیلیں',
]

export const palestineInitiative: { title: string; intro: string; paragraphs: string[]; impact: ImpactFigure[] } = {
	title: 'ہمارا فلسطین منصوبہ',
	intro:
		'گیمنگ نے ہماری ٹیم کو اکٹھا کیا، اور ہم سمجھتے ہیں کہ کاروبار کو اپنے گاہکوں سے آگے بھی کچھ بھلائی کرنی چاہیے۔ اسی لیے {storeName} پر ہر سیل کے منافع کا 4% فلسطین اور غزہ کے متاثرہ لوگوں کی مدد کے لیے جاتا ہے۔',
	paragraphs: [
		'یہ ہر آرڈر پر لاگو ہوتا ہے، آپ جو بھی خریدیں: گیم پاس سبسکرپشن، گفٹ کارڈ، گیم کی یا اکاؤنٹ۔ عطیہ ہمارے منافع سے جاتا ہے، اس لیے آپ کی ادا کی گئی قیمت میں کچھ بھی اضافہ نہیں ہوتا۔',
		'ہم یہ رقم قابلِ اعتماد امدادی اداروں کے ذریعے دیتے ہیں جو موقع پر ہنگامی مدد فراہم کرتے ہیں، جیسے کھانا، صاف پانی، علاج اور پناہ، بجائے اس کے کہ ہم خود امداد پہنچانے کی کوشش کریں۔',
		'ہم ایک چھوٹا اسٹور ہیں، اس لیے ہمارا حصہ بھی معمولی ہے، اور ہم بڑے دعوے کرنے کے بجائے ایمانداری سے یہی بتانا پسند کرتے ہیں۔ لیکن ہر آرڈر اس میں اضافہ کرتا ہے، اس لیے ہر گاہک اس کا حصہ ہے۔',
		'اگر آپ جاننا چاہتے ہیں کہ ہم عطیہ کیسے دیتے ہیں تو ہمیں واٹس ایپ پر {whatsapp} پر میسج کریں یا {supportEmail} پر ای میل کریں۔ اور اگر آپ کر سکیں تو کسی مستند امدادی ادارے کو براہِ راست عطیہ دینے پر بھی غور کریں۔',
	],
	impact: [
		{ figure: '4%', label: 'ہر سیل کا منافع' },
		{ figure: '24/7', label: 'ہر آرڈر، دن رات' },
	],
}

export const services: Service[] = [
	{ title: 'گیمنگ سبسکرپشنز', description: 'کنسول اور PC کے لیے Xbox گیم پاس، PlayStation Plus اور EA Play، روپوں میں قیمت، 1 سے 12 مہینے کے پلانز۔', icon: 'gamepad' },
	{ title: 'گفٹ کارڈز', description: 'Xbox گفٹ کارڈز اور مزید، مقبول رقموں میں، تاکہ آپ اپنے اکاؤنٹ پر گیمز، ایڈ آنز اور سبسکرپشنز خرید سکیں۔ کوئی اور رقم چاہیے؟ ہم سے قیمت پوچھیں۔', icon: 'gift' },
	{ title: 'گیم کیز', description: 'Xbox، PlayStation اور PC کی مقبول گیمز کی ڈیجیٹل کیز اور اِن گیم کنٹینٹ، آپ کے اکاؤنٹ پر ریڈیم کرنے کے لیے تیار۔', icon: 'key' },
	{ title: 'گیم اکاؤنٹس', description: 'صرف آپ کے لیے پرائیویٹ اکاؤنٹس، یا کم قیمت شیئرڈ اکاؤنٹس جو زیادہ سے زیادہ 2 گاہک استعمال کرتے ہیں، ہر ایک اپنی پروفائل پر، قدم بہ قدم سیٹ اپ گائیڈ کے ساتھ۔', icon: 'user' },
	{ title: 'تیز ڈیجیٹل ڈیلیوری', description: 'زیادہ تر آرڈرز 0-12 گھنٹوں میں ڈیلیور ہو جاتے ہیں، سیدھے آپ کے پرائیویٹ آرڈر پیج اور واٹس ایپ پر۔ ٹریکنگ لنک سے ہر قدم لائیو دیکھیں۔', icon: 'bolt' },
	{ title: '24/7 سپورٹ', description: 'سوال، سیٹ اپ میں مدد یا کوڈ میں کوئی مسئلہ؟ ہماری ٹیم دن رات واٹس ایپ اور ای میل پر موجود ہے، اور ہر پروڈکٹ کے ساتھ ہماری ری پلیسمنٹ وارنٹی ہے۔', icon: 'headset' },
]

export const gtaVContent: ContentGroup[] = [
	{
		heading: 'Grand Theft Auto V: اسٹوری موڈ',
		items: [
			'Grand Theft Auto V کی مکمل کہانی، Michael، Franklin اور Trevor کے ساتھ',
			'Los Santos اور Blaine County کی وسیع اوپن ورلڈ',
			'منصوبہ بند ڈکیتیاں (heists)، پیچھا اور مشنز جنہیں آپ اپنے طریقے سے کھیل سکتے ہیں',
			'کسی بھی وقت تینوں مرکزی کرداروں کے درمیان سوئچ کریں',
		],
	},
	{
		heading: 'Grand Theft Auto Online',
		items: [
			'Grand Theft Auto Online اور اس کی تمام موجودہ اپ ڈیٹس اور کنٹینٹ تک رسائی',
			'Criminal Enterprise Starter Pack، جس میں GTA Online کا GTA$10,000,000 سے زیادہ مالیت کا کنٹینٹ ہے',
			'GTA Online میں خرچ کرنے کے لیے GTA$1,000,000 بونس کیش',
			'دوستوں کے ساتھ کھیلنے کے لیے heists، بزنس، ریسز اور مشنز',
		],
	},
	{
		heading: 'Starter Pack کی پراپرٹیز',
		items: starterPackProperties,
	},
	{
		heading: 'Starter Pack کی گاڑیاں، ہتھیار اور لباس',
		items: [
			'گاڑیاں: Dune FAV، Maibatsu Frogger، Enus Windsor، Obey Omnis، Invetero Coquette Classic، Grotti Turismo R، Pegassi Vortex، Enus Huntley S، Western Zombie Chopper اور Bravado Banshee',
			'ہتھیار: Compact Grenade Launcher، Marksman Rifle اور Compact Rifle',
			'Stunt Racing اور Import/Export کے لباس',
			'Biker ٹیٹوز',
		],
	},
]

export const tekken7Content: ContentGroup[] = [
	{
		heading: 'Tekken 7: گیم موڈز',
		items: [
			'Mishima Saga اسٹوری موڈ، جو Heihachi اور Kazuya کی دشمنی کا فیصلہ کرتا ہے',
			'روسٹر کے فائٹرز کے لیے Character Episodes',
			'Arcade Battle، Treasure Battle، Practice اور آف لائن Versus',
			'آن لائن Ranked Matches، Player Matches اور Online Tournaments',
			'کرداروں کی تفصیلی کسٹمائزیشن، اور سیریز کے آرٹ اور ویڈیوز کی گیلری',
		],
	},
	{
		heading: 'بنیادی روسٹر کی جھلکیاں',
		items: [
			'Mishima خاندان: Kazuya Mishima، Heihachi Mishima، Jin Kazama اور Kazumi Mishima',
			'سیریز کے پسندیدہ: King، Paul Phoenix، Yoshimitsu، Nina Williams، Hwoarang، Bryan Fury، Ling Xiaoyu اور Asuka Kazama',
			'نئے فائٹرز: Claudio Serafino، Shaheen، Katarina Alves، Lucky Chloe، Josie Rizal، Gigas اور Master Raven',
			'Akuma، Street Fighter سے مہمان فائٹر',
		],
	},
	{
		heading: 'سیزن پاس اور DLC فائٹرز',
		items: [
			'Eliza، Tekken Revolution کی ویمپائر شہزادی',
			'مہمان فائٹرز: Fatal Fury سے Geese Howard اور Final Fantasy XV سے Noctis Lucis Caelum',
			'The Walking Dead سے Negan',
			'واپس آنے والے پسندیدہ: Anna Williams، Lei Wulong، Craig Marduk، Armor King اور Julia Chang',
			'Zafina، Ganryu، اور نئے فائٹرز Leroy Smith (Wing Chun ماسٹر) اور Fahkumram (Muay Thai فائٹر)',
			'Kunimitsu اور Lidia Sobieska',
			'کون سا DLC شامل ہے، یہ پروڈکٹ پیج پر دکھائے گئے ایڈیشن پر منحصر ہے۔ یقین نہ ہو تو خریدنے سے پہلے ہم سے پوچھ لیں۔',
		],
	},
	{
		heading: 'اسٹیجز اور اضافی چیزیں',
		items: [
			"کلاسک اسٹیجز جیسے Mishima Dojo، Arctic Snowfall، Jungle Outpost، Infinite Azure، Souq، Devil's Pit اور Kinder Gym",
			'Hammerhead، Final Fantasy XV کا اسٹیج جو Noctis کے ساتھ آتا ہے',
			'Island Paradise، ساحلی ریزورٹ کا اسٹیج جو Lidia Sobieska کے ساتھ آتا ہے',
			'Ultimate TEKKEN BOWL بونس موڈ',
			'DLC پیکس کے اضافی کاسٹیومز اور کسٹمائزیشن آئٹمز',
		],
	},
]
