import { useT } from '~/i18n/use-t'
import { CopyButton } from '../ui/copy-button'

/** An order's delivery content as the buyer reads it, in the page's language (delivered units, delivered-units.ts); null when there is none. */
export { deliveryText } from '~/domain/orders/delivered-units'

/**
 * Codes, logins and passwords as typed: lines break only at spaces, never inside a code or a password
 * (a browser would break “Xy7-kQ9” after its hyphen); one too long for the screen scrolls instead.
 * The characters are the stored ones, so selecting and copying by hand gives the real text too.
 */
export function UnbrokenText({ text, className }: { text: string; className?: string }) {
	return <pre className={`unbroken-text ${className ?? ''}`}>{text.split(/(\s+)/).map((part, i) => (part === '' || /^\s+$/.test(part) ? part : <span key={i}>{part}</span>))}</pre>
}

/** The codes or account details with a Copy button: the order page and My orders. */
export function DeliveryText({ text }: { text: string }) {
	const t = useT()
	return (
		<div className="order-delivery" dir="ltr">
			<UnbrokenText text={text} />
			<CopyButton value={text} what={t('order.copy.delivery')} />
		</div>
	)
}
