export interface OutgoingEmail {
	/** Stable per email: providers that support it drop a repeated send. */
	idempotencyKey: string
	to: { email: string; name: string | null }
	from: string
	fromName: string
	subject: string
	text: string
	templateId: number | null
	params: Record<string, string>
}

export interface EmailProvider {
	name: string
	send(email: OutgoingEmail): Promise<{ messageId: string }>
}
