import { CopyButton } from '../ui/copy-button'

/** An order's delivery content as the buyer reads it (stored as text, or JSON from older orders); null when there is none. */
export const deliveryText = (content: unknown): string | null =>
	content == null || content === '' ? null : typeof content === 'string' ? content : JSON.stringify(content, null, 2)

/** The codes or account details with a Copy button: the order page and My orders. */
export function DeliveryText({ text }: { text: string }) {
	return (
		<div className="order-delivery">
			<pre>{text}</pre>
			<CopyButton value={text} what="delivery details" />
		</div>
	)
}
