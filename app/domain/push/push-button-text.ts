// What a buyer reads on "Notify me on this phone" (the order page and My orders), in one place.

export const PUSH_BUTTON_TEXT = {
	offer: 'Notify me on this phone',
	offerHint: 'We tell this phone when your order is paid, delivered or needs something from you.',
	offerHintAll: 'We tell this phone when any of your orders is paid, delivered or needs something from you.',
	asking: 'Asking your phone…',
	on: 'We’ll notify this phone',
	turnOff: 'Turn off',
	turningOff: 'Turning off…',
	blocked: 'Notifications are blocked for this site. To allow them, open the site settings (the icon beside the address), allow notifications, then reload this page.',
	failed: 'This phone could not be signed up for notifications just now. Check your connection and try again.',
	tryAgain: 'Try again',
} as const
