import type { EmailProvider } from './types'

/** Brevo's transactional API: POST /v3/smtp/email with the template and its params. */
export function brevoProvider({ apiKey, baseUrl, timeoutMs = 10_000 }: { apiKey: string; baseUrl: string; timeoutMs?: number }): EmailProvider {
	return {
		name: 'brevo',
		async send(email) {
			const body = {
				sender: { name: email.fromName, email: email.from },
				to: [{ email: email.to.email, ...(email.to.name ? { name: email.to.name } : {}) }],
				...(email.templateId ? { templateId: email.templateId, params: email.params } : { subject: email.subject, textContent: email.text }),
				headers: { idempotencyKey: email.idempotencyKey },
			}
			const res = await fetch(`${baseUrl.replace(/\/$/, '')}/v3/smtp/email`, {
				method: 'POST',
				headers: { 'api-key': apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
				body: JSON.stringify(body),
				signal: AbortSignal.timeout(timeoutMs),
			})
			const data = (await res.json().catch(() => ({}))) as { messageId?: string; code?: string; message?: string }
			if (!res.ok) throw new Error(`Brevo ${res.status}: ${data.message ?? data.code ?? res.statusText}`)
			return { messageId: data.messageId ?? 'brevo' }
		},
	}
}
