import type { Lang } from '../../i18n/lang'
import type { Product } from './types'

/**
 * A product as a page in `lang` shows it: on Urdu pages the owner's Urdu name and description where
 * they are set, the English where they are not; English pages are unchanged.
 */
export function localizeProduct<P extends Pick<Product, 'name' | 'description' | 'nameUr' | 'descriptionUr'>>(product: P, lang: Lang): P {
	if (lang !== 'ur') return product
	const name = product.nameUr?.trim()
	const description = product.descriptionUr?.trim()
	if (!name && !description) return product
	return { ...product, name: name || product.name, description: description || product.description }
}
