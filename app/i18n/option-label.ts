import type { MessageKey, Translate } from './catalogue'
import type { Lang } from './lang'

// An option's label or a specification's name ('3 Months', '3 Months · Shared account', 'Custom Duration') as a buyer page in
// another language says it: the catalogue's standard wordings in that language, an owner's own
// label ('$10 USD', '5,000 V-Bucks') as written. English pages show every label as written.

const FIXED: Record<string, MessageKey> = {
	'Private account': 'common.option.privateAccount',
	'Shared account': 'common.option.sharedAccount',
	'Custom Duration': 'common.option.customDuration',
	'Custom Amount': 'common.option.customAmount',
}

export function optionLabel(t: Translate, lang: Lang, label: string): string {
	if (lang === 'en') return label
	return label
		.split(' · ')
		.map((part) => {
			const months = /^(\d{1,3}) Months?$/.exec(part)
			if (months) return t(months[1] === '1' ? 'common.option.month' : 'common.option.months', { count: months[1] })
			const key = Object.hasOwn(FIXED, part) ? FIXED[part] : undefined
			return key ? t(key) : part
		})
		.join(' · ')
}

const SPECS: Record<string, MessageKey> = {
	Type: 'catalogue.product.spec.type',
	Platform: 'catalogue.product.spec.platform',
	Delivery: 'catalogue.product.spec.delivery',
	Region: 'catalogue.product.spec.region',
	Warranty: 'catalogue.product.spec.warranty',
	Game: 'catalogue.product.spec.game',
	Tier: 'catalogue.product.spec.tier',
	Edition: 'catalogue.product.spec.edition',
	Activation: 'catalogue.product.spec.activation',
}

/** A specification's name ('Platform') in the page's language when it is one of the catalogue's; else as written. */
export function specLabel(t: Translate, lang: Lang, label: string): string {
	if (lang === 'en') return label
	const key = Object.hasOwn(SPECS, label) ? SPECS[label] : undefined
	return key ? t(key) : label
}
