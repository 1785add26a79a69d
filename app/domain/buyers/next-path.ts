// Where a buyer goes after signing in: a path of this shop only, never another site (an emailed
// link's `next` is chosen by whoever asked for the email).

export const MY_ORDERS_PATH = '/my-orders'
/** Where the emailed link leads and where a code is typed (the page asks for one click: mail scanners open links too). */
export const VERIFY_PATH = '/my-orders/verify'
/** Under the code field, and the refusal of a code that is not 6 digits. */
export const BUYER_SIGN_IN_CODE_HELP = 'Please enter the 6-digit code from the email.'

/** What buyers read while signing in, on the server's answers and the pages alike. */
export const BUYER_SIGN_IN_MESSAGES = {
	email: 'Please enter the email address you used at checkout.',
	code: BUYER_SIGN_IN_CODE_HELP,
	tooMany: 'Too many attempts. Please wait 15 minutes and try again, or use the link in your order email.',
	/** The one answer to a request, whether or not the address has orders. */
	sent: 'If that email address is on an order, we have sent it a sign-in link and a 6-digit code. They work once, for 15 minutes.',
	badLink: 'This sign-in link has expired or was used already. Ask for a new one: it works once, for 15 minutes.',
	badCode: 'That code is not right, or it has expired. Check the latest email, or ask for a new code.',
}

/** `raw` if it is a path on this shop ("/…", not "//…" or "/\\…", no control characters), else My orders. */
export function safeNextPath(raw: unknown): string {
	if (typeof raw !== 'string' || raw.length > 500) return MY_ORDERS_PATH
	if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || /[\u0000-\u001f\u007f]/.test(raw)) return MY_ORDERS_PATH
	return raw
}

/** The order page a sign-in asked from it returns to. */
export const orderPagePath = (orderNumber: string) => `/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`
