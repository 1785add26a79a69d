import type { EmailProvider } from './types'

/**
 * Brevo's transactional API: POST /v3/smtp/email. A template email goes as templateId and params only
 * (spec §7); any other as subject, htmlContent (when it has one) and textContent, with its headers.
 */
export function brevoProvider({ apiKey, baseUrl, timeoutMs = 10_000 }: { apiKey: string; baseUrl: string; timeoutMs?: number }): EmailProvider {
	return {
		name: 'brevo',
		async send(email) {
			const body = {
				sender: { name: email.fromName, email: email.from },
				to: [{ email: email.to.email, ...(email.to.name ? { name: email.to.name } : {}) }],
				...(email.templateId
					? { templateId: email.templateId, params: email.params, headers: { idempotencyKey: email.idempotencyKey } }
					: {
							subject: email.subject,
							...(email.html ? { htmlContent: email.html } : {}),
							textContent: email.text,
							headers: { ...email.headers, idempotencyKey: email.idempotencyKey },
						}),
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
