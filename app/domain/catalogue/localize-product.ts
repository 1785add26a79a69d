import type { Lang } from '../../i18n/lang'
import type { Product } from './types'

/**
 * A product as a page in `lang` shows it: on Urdu pages the owner's Urdu name, description, card
 * caption and features where they are set, the English where they are not; English pages are
 * unchanged. (The built-in catalogue comes with its Urdu: app/db/seed/catalogue-ur.ts.)
 */
export function localizeProduct<P extends Pick<Product, 'name' | 'description' | 'nameUr' | 'descriptionUr'> & Partial<Pick<Product, 'features' | 'featuresUr' | 'caption' | 'captionUr'>>>(product: P, lang: Lang): P {
	if (lang !== 'ur') return product
	const name = product.nameUr?.trim()
	const description = product.descriptionUr?.trim()
	const caption = product.captionUr?.trim()
	const features = product.featuresUr?.map((f) => f.trim()).filter(Boolean)
	if (!name && !description && !caption && !features?.length) return product
	return {
		...product,
		name: name || product.name,
		description: description || product.description,
		...(caption && product.caption !== undefined ? { caption } : {}),
		...(features?.length && product.features ? { features } : {}),
	}
}
