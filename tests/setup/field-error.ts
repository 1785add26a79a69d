// Reads a console form's answer as a browser without scripts shows it: the sentence beside a field,
// found through the field's own `aria-describedby` while the field says it is invalid.

/** The text of the element a field (by its `name`) points at with aria-describedby, when the field is aria-invalid; else null. */
export function fieldErrorIn(html: string, name: string, form?: string): string | null {
	const inputs = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)].map((m) => m[0])
	const tag = inputs.find((t) => t.includes(` name="${name}"`) && (!form || t.includes(` form="${form}"`)))
	if (!tag || !tag.includes('aria-invalid="true"')) return null
	const ids = /aria-describedby="([^"]+)"/.exec(tag)?.[1]?.split(' ') ?? []
	for (const id of ids) {
		const shown = new RegExp(`<[a-z]+[^>]* id="${id}"[^>]*>([^<]*)<`).exec(html)
		if (shown && /field-error/.test(shown[0])) return shown[1]!.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&')
	}
	return null
}
