import type { MessageKey } from '../../i18n/catalogue'

// Where a buyer goes after signing in: a path of this shop only, never another site (an emailed
// link's `next` is chosen by whoever asked for the email).

export const MY_ORDERS_PATH = '/my-orders'
/** Where the emailed link leads and where a code is typed (the page asks for one click: mail scanners open links too). */
export const VERIFY_PATH = '/my-orders/verify'
/** What buyers read while signing in, on the server's answers and the pages alike: its messages' keys (ADR-037). */
export const BUYER_SIGN_IN_MESSAGES = {
	email: 'order.signIn.email',
	/** Under the code field, and the refusal of a code that is not 6 digits. */
	code: 'order.signIn.code',
	tooMany: 'order.signIn.tooMany',
	/** The one answer to a request, whether or not the address has orders. */
	sent: 'order.signIn.sent',
	badLink: 'order.signIn.badLink',
	badCode: 'order.signIn.badCode',
} as const satisfies Record<string, MessageKey>

/** `raw` if it is a path on this shop ("/…", not "//…" or "/\\…", no control characters), else My orders. */
export function safeNextPath(raw: unknown): string {
	if (typeof raw !== 'string' || raw.length > 500) return MY_ORDERS_PATH
	if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || /[\u0000-\u001f\u007f]/.test(raw)) return MY_ORDERS_PATH
	return raw
}

/** The order page a sign-in asked from it returns to. */
export const orderPagePath = (orderNumber: string) => `/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`
