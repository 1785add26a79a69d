import type { StaffOrder } from '~/domain/orders/staff-order-view.server'
import type { PaymentState } from '~/domain/orders/order-state'
import { adminPaymentBadge } from '~/domain/orders/status'
import { lineOptionLabel } from '~/domain/orders/line-option'

/** An order's lines: name, quantity, duration or value, account type. */
export function OrderProducts({ items }: { items: StaffOrder['items'] }) {
	return (
		<ul className="staff-products">
			{items.map((line, i) => {
				const option = lineOptionLabel(line)
				return (
					<li key={i}>
						<span className="staff-product-name">{line.name}</span> × {line.quantity}
						{option ? <div className="small muted">{option}</div> : null}
					</li>
				)
			})}
		</ul>
	)
}

/** §4 admin badge: four known statuses, others grey. */
export function PaymentBadge({ status }: { status: PaymentState }) {
	const badge = adminPaymentBadge(status)
	return <span className={`order-badge small ${badge.tone}`}>{badge.label}</span>
}

/** An order paid on the PayPro simulator in production: no money moved. */
export function TestPaymentBadge() {
	return <span className="order-badge small neutral test-payment">Test payment</span>
}
