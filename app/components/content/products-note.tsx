import { productsMissingNote } from '~/content/site'
import { fillFor } from './fill'

/** The note under the products, drawn by the server only (the products loader renders it for ServerHtml). */
export function ProductsNote({ storeName, supportEmail, whatsappText, instagram }: { storeName: string; supportEmail: string; whatsappText: string; instagram: string }) {
	const fill = fillFor({ storeName, supportEmail, whatsappText })
	return (
		<>
			{fill(productsMissingNote)}{' '}
			<a href={`https://instagram.com/${instagram}`} target="_blank" rel="noopener noreferrer">
				Message us on Instagram
			</a>
		</>
	)
}
