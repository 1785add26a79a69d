/** A message with a `{link}` place, cut around it: the words before and after the link (or date) drawn there. */
export function aroundLink(message: string): [string, string] {
	const at = message.indexOf('{link}')
	return at === -1 ? [message, ''] : [message.slice(0, at), message.slice(at + '{link}'.length)]
}
