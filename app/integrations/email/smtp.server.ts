import nodemailer from 'nodemailer'
import type { EmailProvider } from './types'

export function smtpProvider(url: string): EmailProvider {
	const transport = nodemailer.createTransport(url)
	return {
		name: 'smtp',
		async send(email) {
			const info = await transport.sendMail({
				from: { name: email.fromName, address: email.from },
				to: email.to.name ? { name: email.to.name, address: email.to.email } : email.to.email,
				subject: email.subject,
				text: email.text,
				...(email.html ? { html: email.html } : {}),
				headers: { ...email.headers, 'X-Idempotency-Key': email.idempotencyKey },
			})
			return { messageId: String(info.messageId) }
		},
	}
}
