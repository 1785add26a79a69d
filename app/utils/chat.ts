import { withArticle } from './article'
import { formatRs } from './money'

/** A WhatsApp link with a prefilled message. */
export function chatLink(number: string, text?: string) {
	return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`
}

export function productEnquiry(name: string, option: { label: string; price: number } | null) {
	const choice = option ? ` (${option.label} - ${formatRs(option.price)})` : ''
	return `Hi! I'm interested in ${name}${choice}. Is it available?`
}

export function customDurationQuote(name: string, months: number) {
	return `Hi! I'd like a quote for ${name} for ${months} months.`
}

export function customValueQuote(name: string, range: string) {
	return `Hi! I'd like a quote for ${withArticle(name)} in the ${range} range.`
}
