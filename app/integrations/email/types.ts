export interface OutgoingEmail {
	/** Stable per email: providers that support it drop a repeated send. */
	idempotencyKey: string
	to: { email: string; name: string | null }
	from: string
	fromName: string
	subject: string
	text: string
	/** The HTML part, sent with the text part; none on a provider template. */
	html: string | null
	/** Extra headers such as List-Unsubscribe. */
	headers: Record<string, string> | null
	templateId: number | null
	params: Record<string, string>
}

export interface EmailProvider {
	name: string
	send(email: OutgoingEmail): Promise<{ messageId: string }>
}
