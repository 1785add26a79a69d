import type { Translate } from '~/i18n/catalogue'
import { richText } from '../ui/rich-text'

/** The note under the products, drawn by the server only (the products loader renders it for ServerHtml), in the page's language. */
export function ProductsNote({ whatsappText, instagram, t }: { whatsappText: string; instagram: string; t: Translate }) {
	return (
		<>
			{richText(t('catalogue.products.missingNote'), { whatsapp: <bdi className="nowrap">{whatsappText}</bdi> })}{' '}
			<a href={`https://instagram.com/${instagram}`} target="_blank" rel="noopener noreferrer">
				{t('catalogue.products.instagram')}
			</a>
		</>
	)
}
