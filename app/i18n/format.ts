/** Messages carry named places, 'Rs. {amount}': each `{name}` is filled from params; an unknown name stays as written. */
export function formatMessage(template: string, params?: Record<string, string | number>): string {
	if (!params) return template
	return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole))
}

/** The names of the places in a message, sorted: the build checks both languages name the same ones. */
export function placesOf(template: string): string[] {
	return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort()
}
