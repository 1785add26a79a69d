import { optionParts, type OptionFacts, type OptionPart } from '../domain/catalogue/option-parts'
import type { MessageKey, Translate } from './catalogue'
import type { Lang } from './lang'

// ADR-040: an option's label is composed from its data ('1 Month', '12 Months · Shared account',
// 'Custom Duration') by the message catalogues, in the page's language; an owner's own label
// ('$10 USD', '5,000 V-Bucks') shows as typed.

function partLabel(t: Translate, part: OptionPart): string {
	switch (part.kind) {
		case 'months':
			return t(part.count === 1 ? 'common.option.month' : 'common.option.months', { count: part.count })
		case 'customDuration':
			return t('common.option.customDuration')
		case 'customAmount':
			return t('common.option.customAmount')
		case 'accountType':
			return t(part.accountType === 'shared' ? 'common.option.sharedAccount' : 'common.option.privateAccount')
		case 'own':
			return part.text
	}
}

/** An option as `t`'s language says it, its parts joined with ' · '; '' for a product sold as itself. */
export function optionLabel(t: Translate, option: OptionFacts): string {
	return optionParts(option)
		.map((part) => partLabel(t, part))
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
