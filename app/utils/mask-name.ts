/** What anyone with an order's number or payment link may see of the buyer's name: 'Ali Raza' is 'Ali R.'. */
export function maskName(name: string | null | undefined): string {
	const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
	if (words.length === 0) return 'Customer'
	if (words.length === 1) return `${words[0]![0]}***`
	return `${words[0]} ${words[words.length - 1]![0]}.`
}
