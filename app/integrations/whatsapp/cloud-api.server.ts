// The WhatsApp Business Cloud API's messages endpoint (https://developers.facebook.com/docs/whatsapp/cloud-api),
// at a configurable base URL (WHATSAPP_API_URL; tests run a local server speaking it, tests/fakes/whatsapp-server.ts).

export interface TemplateMessage {
	/** International form without '+': 923001234567. */
	to: string
	template: string
	languageCode: string
	/** The template body's {{1}}, {{2}}, … in order. */
	bodyValues: string[]
}

export class WhatsAppError extends Error {
	constructor(
		message: string,
		/** The HTTP status, or null when WhatsApp could not be reached. */
		readonly status: number | null,
		/** WhatsApp's error code (e.g. 131026 undeliverable, 190 bad token), when it gave one. */
		readonly code: number | null = null,
	) {
		super(message)
	}
	/** 4xx other than 429: the same request would be refused again. */
	get final() {
		return this.status !== null && this.status >= 400 && this.status < 500 && this.status !== 429
	}
}

/** Sends one template message; answers WhatsApp's message id (wamid…), or throws WhatsAppError. */
export async function sendTemplateMessage(
	{ baseUrl, token, phoneNumberId, timeoutMs = 8000 }: { baseUrl: string; token: string; phoneNumberId: string; timeoutMs?: number },
	message: TemplateMessage,
): Promise<string> {
	let res: Response
	try {
		res = await fetch(`${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(phoneNumberId)}/messages`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
			body: JSON.stringify({
				messaging_product: 'whatsapp',
				recipient_type: 'individual',
				to: message.to,
				type: 'template',
				template: {
					name: message.template,
					language: { code: message.languageCode },
					components: [{ type: 'body', parameters: message.bodyValues.map((text) => ({ type: 'text', text })) }],
				},
			}),
			signal: AbortSignal.timeout(timeoutMs),
		})
	} catch (error) {
		throw new WhatsAppError(`WhatsApp could not be reached: ${error instanceof Error ? error.name : 'network error'}`, null)
	}
	const answer = (await res.json().catch(() => null)) as { messages?: { id?: string }[]; error?: { code?: number; message?: string; error_data?: { details?: string } } } | null
	const id = answer?.messages?.[0]?.id
	if (res.ok && typeof id === 'string') return id
	const error = answer?.error
	const detail = [error?.code ? `error ${error.code}` : null, error?.message?.slice(0, 200), error?.error_data?.details?.slice(0, 200)].filter(Boolean).join(': ')
	throw new WhatsAppError(`WhatsApp answered ${res.status}${detail ? ` (${detail})` : ''}`, res.ok ? 502 : res.status, typeof error?.code === 'number' ? error.code : null)
}
