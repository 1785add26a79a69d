import { emailFrom } from '../../integrations/email/provider.server'
import { formatPakistanTime } from '../../utils/pakistan-time'
import { isLang } from '../../i18n/lang'
import { emailLanguage } from './email-language.server'
import type { QueuedEmail } from './queue-email.server'

// A staff reply to a contact message (ADR-047): the reply as staff wrote it, the store's name, then the
// buyer's message quoted. Threaded by the message: each reply has its own Message-ID and answers the
// message's (In-Reply-To), naming it and the replies before (References), so mail clients keep them together.

interface RepliedMessage {
	id: number
	name: string
	email: string
	subject: string | null
	message: string
	threadToken: string
	lang: string
	createdAt: Date
}

const mailDomain = () => emailFrom().split('@')[1] ?? 'shop.local'
/** The contact message's own Message-ID (it never went by email: its replies name it so they thread). */
export const contactMessageId = (m: Pick<RepliedMessage, 'id' | 'threadToken'>) => `<contact-${m.id}.${m.threadToken}@${mailDomain()}>`
export const contactReplyId = (m: Pick<RepliedMessage, 'threadToken'>, replyId: number) => `<reply-${replyId}.${m.threadToken}@${mailDomain()}>`

/** The reply's email; `earlierReplyIds`: the replies already sent to this message, oldest first. */
export function contactReplyEmail(m: RepliedMessage, reply: { id: number; body: string }, storeName: string, earlierReplyIds: number[]): QueuedEmail {
	const { lang, t } = emailLanguage(isLang(m.lang) ? m.lang : 'en')
	const quoted = m.message.split('\n').map((line) => `> ${line}`)
	const parent = contactMessageId(m)
	return {
		dedupeKey: `contact-reply:${reply.id}`,
		toEmail: m.email,
		toName: m.name,
		subject: `Re: ${m.subject || t('email.contactReply.subject', { store: storeName })}`,
		text: [reply.body, '', t('email.contactReply.signed', { store: storeName }), '', t('email.contactReply.wrote', { date: formatPakistanTime(m.createdAt.toISOString(), lang), name: m.name }), ...quoted].join('\n'),
		templateId: null,
		params: {},
		html: null,
		headers: {
			'Message-ID': contactReplyId(m, reply.id),
			'In-Reply-To': parent,
			References: [parent, ...earlierReplyIds.map((id) => contactReplyId(m, id))].join(' '),
		},
	}
}
