import { localePath, type Lang } from '../../i18n/lang'
import { emailLanguage } from './email-language.server'
import { MY_ORDERS_PATH, orderPagePath, VERIFY_PATH } from '../buyers/next-path'
import type { QueuedEmail } from './queue-email.server'
import { signInHtml } from '../../integrations/email/html/templates.server'

/** Where an emailed sign-in link leads: a page that asks for one click (mail scanners open links too). */
export const signInLinkPath = (token: string, next: string | null) =>
	`${VERIFY_PATH}?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ''}`

/** The one-time sign-in link and code a buyer asked for (from an order's page or My orders); essential, so no unsubscribe. */
export function signInEmail({
	id,
	email,
	token,
	code,
	orderNumber,
	next,
	storeName,
	minutes,
	lang = 'en',
}: {
	id: number
	email: string
	token: string
	code: string
	orderNumber: string | null
	next: string | null
	storeName: string
	minutes: number
	/** The language of the page the code was asked from: the email, and the page its link opens, follow it. */
	lang?: Lang
}): QueuedEmail {
	const { t, url } = emailLanguage(lang)
	const link = url(signInLinkPath(token, next ?? localePath(lang, orderNumber ? orderPagePath(orderNumber) : MY_ORDERS_PATH)))
	const intro = orderNumber ? t('email.signIn.introOrder', { orderNumber, store: storeName }) : t('email.signIn.introOrders', { store: storeName })
	return {
		dedupeKey: `sign-in:${id}`,
		// The code and the link work once: sealed in the outbox, opened only to be sent.
		sealed: true,
		toEmail: email,
		toName: null,
		subject: t('email.signIn.subject', { code, store: storeName }),
		templateId: null,
		params: { CODE: code, SIGN_IN_URL: link, MINUTES: String(minutes), ORDER_ID: orderNumber ?? '' },
		text: [
			t('email.hiPlain'),
			'',
			intro,
			'',
			t('email.signIn.link', { link }),
			'',
			t('email.signIn.code', { code }),
			'',
			t('email.signIn.once', { minutes }),
		].join('\n'),
		html: signInHtml({ storeName, lang, t, shopUrl: url('/'), intro, link, code, minutes }),
		...(orderNumber ? { orderNumber } : {}),
	}
}
