import type { MetaDescriptor } from 'react-router'

interface RootData {
	config: { storeName: string }
	origin: string | null
}

/** Title, description and Open Graph tags of a page; the store name comes from configuration. */
export function pageMeta(
	matches: readonly ({ id: string; data?: unknown } | undefined)[],
	{
		title,
		description,
		image,
		type = 'website',
		extra = [],
	}: { title: string; description: string; image?: string; type?: string; extra?: MetaDescriptor[] },
): MetaDescriptor[] {
	const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined
	const storeName = root?.config.storeName ?? 'Gaming Store'
	const absolute = (url: string) => (root?.origin && url.startsWith('/') ? `${root.origin}${url}` : url)
	const fullTitle = `${title} | ${storeName}`
	return [
		{ title: fullTitle },
		{ name: 'description', content: description },
		{ property: 'og:site_name', content: storeName },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: description },
		{ property: 'og:type', content: type },
		...(image ? [{ property: 'og:image', content: absolute(image) }] : []),
		{ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
		...extra,
	]
}

/** Replaces {storeName}, {supportEmail}, {whatsapp} in content texts. */
export function fillPlaceholders(text: string, values: Record<string, string>) {
	return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
}
