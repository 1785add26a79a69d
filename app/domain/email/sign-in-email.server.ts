import { absoluteUrl } from '../../utils/origin.server'
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
}: {
	id: number
	email: string
	token: string
	code: string
	orderNumber: string | null
	next: string | null
	storeName: string
	minutes: number
}): QueuedEmail {
	const link = absoluteUrl(signInLinkPath(token, next ?? (orderNumber ? orderPagePath(orderNumber) : MY_ORDERS_PATH)))
	const intro = orderNumber
		? `Someone asked to open order ${orderNumber} at ${storeName} with this email address.`
		: `Someone asked to see the orders placed with this email address at ${storeName}.`
	return {
		dedupeKey: `sign-in:${id}`,
		// The code and the link work once: sealed in the outbox, opened only to be sent.
		sealed: true,
		toEmail: email,
		toName: null,
		subject: `${code} is your ${storeName} sign-in code`,
		templateId: null,
		params: { CODE: code, SIGN_IN_URL: link, MINUTES: String(minutes), ORDER_ID: orderNumber ?? '' },
		text: [
			'Hi,',
			'',
			intro,
			'',
			`Open them with this link: ${link}`,
			'',
			`Or type this code on the page: ${code}`,
			'',
			`The link and the code work once, for ${minutes} minutes. If it was not you, ignore this email: nothing is shown without them.`,
		].join('\n'),
		html: signInHtml({ storeName, shopUrl: absoluteUrl('/'), intro, link, code, minutes }),
		...(orderNumber ? { orderNumber } : {}),
	}
}
