import { useLang, useT } from '~/i18n/use-t'
import { hasHidden, HAND_UNIT, unitAnchor, hiddenLabel, isDelivery, isHiddenHand, unitText, withdrawnText, deliveryText, type DeliveredUnit } from '~/domain/orders/delivered-units'
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

/** The buyer's page a Reveal comes back to. */
export type RevealFrom = 'order-page' | 'my-orders'

/**
 * A unit not revealed yet (ADR-050): its kind and place, never a character of it, and its Reveal, a
 * plain form (it works without scripts; the answer brings the buyer back to the unit, now in full).
 */
function HiddenUnit({ label, orderNumber, unitId, from }: { label: string; orderNumber: string; unitId: number | typeof HAND_UNIT; from: RevealFrom }) {
	const t = useT()
	const lang = useLang()
	return (
		<form method="post" action="/api/order/reveal" className="reveal-unit" id={unitAnchor(orderNumber, unitId)} data-testid="hidden-unit">
			<input type="hidden" name="orderNumber" value={orderNumber} />
			<input type="hidden" name="unitId" value={unitId} />
			<input type="hidden" name="from" value={from} />
			<input type="hidden" name="lang" value={lang} />
			<span className="reveal-unit-label">{label}</span>
			<button type="submit" className="button primary small" aria-label={t('order.reveal.buttonLabel', { unit: label })}>
				{t('order.reveal.button')}
			</button>
		</form>
	)
}

/** One unit revealed: its lines in full with its own Copy button. */
function ShownUnit({ unit, n }: { unit: DeliveredUnit; n: number | null }) {
	const t = useT()
	const text = unitText(unit, n, t)
	return (
		<div className="order-delivery" dir="ltr" id={unit.id != null ? `unit-${unit.id}` : undefined}>
			<UnbrokenText text={text} />
			<CopyButton value={text} what={t('order.copy.delivery')} />
		</div>
	)
}

/**
 * What an order delivered, on the buyer's pages: all of it with one Copy button once every unit is
 * revealed (as it always read); otherwise per line, each hidden unit behind its Reveal and each
 * revealed one in full.
 */
export function RevealableDelivery({ content, orderNumber, from }: { content: unknown; orderNumber: string; from: RevealFrom }) {
	const t = useT()
	const lang = useLang()
	if (isHiddenHand(content)) {
		return (
			<div className="reveal-list">
				<HiddenUnit label={t('order.reveal.hiddenHand')} orderNumber={orderNumber} unitId={HAND_UNIT} from={from} />
				<p className="muted small">{t('order.reveal.note')}</p>
			</div>
		)
	}
	if (!isDelivery(content) || !hasHidden(content)) {
		const text = deliveryText(content, t, lang)
		return text == null ? null : <DeliveryText text={text} />
	}
	return (
		<div className="reveal-list">
			{content.lines.map((line, l) => {
				const numbered = line.units.length > 1
				return (
					<div className="reveal-line" key={l}>
						<p className="reveal-product" dir="auto">
							{line.option ? `${line.product} (${line.option})` : line.product}
						</p>
						{line.units.map((unit, i) =>
							unit.kind === 'hidden' && unit.id != null ? (
								<HiddenUnit key={i} label={hiddenLabel(unit.of, numbered ? i + 1 : null, t)} orderNumber={orderNumber} unitId={unit.id} from={from} />
							) : (
								<ShownUnit key={i} unit={unit} n={numbered ? i + 1 : null} />
							),
						)}
						{line.withdrawn.map((unit, i) => (
							<p className="muted small" key={`w${i}`}>
								{withdrawnText(unit, t, lang)}
							</p>
						))}
					</div>
				)
			})}
			<p className="muted small">{t('order.reveal.note')}</p>
		</div>
	)
}
