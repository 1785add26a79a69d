import { Link } from 'react-router'
import type { ConsoleToDo } from '~/domain/orders/console-to-do.server'
import { filtersQueryString, OWES_DELIVERY } from '~/domain/orders/order-list-query'

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** The dashboard's to-do counts, each a link to the orders it counts. */
export function ConsoleToDoList({ toDo }: { toDo: ConsoleToDo }) {
	const items = [
		{ n: toDo.transfersToConfirm, text: plural(toDo.transfersToConfirm, 'transfer to confirm', 'transfers to confirm'), to: '/admin/payments' },
		{
			n: toDo.paidToDeliver,
			text: plural(toDo.paidToDeliver, 'paid order to deliver', 'paid orders to deliver'),
			to: `/admin-dashboard${filtersQueryString({ q: '', status: '', fulfillment: OWES_DELIVERY })}`,
		},
		// Rare: shown only while some wait (the orders list's payment filter offers it always).
		...(toDo.paidAfterCancel > 0
			? [
					{
						n: toDo.paidAfterCancel,
						text: plural(toDo.paidAfterCancel, 'order paid after cancel', 'orders paid after cancel'),
						to: `/admin-dashboard${filtersQueryString({ q: '', status: 'paid_after_cancel', fulfillment: '' })}`,
					},
				]
			: []),
	]
	return (
		<nav className="console-to-do" aria-label="To do">
			<ul>
				{items.map((item) => (
					<li key={item.to}>
						<Link to={item.to} className={item.n > 0 ? 'to-do-waiting' : undefined}>
							{item.text}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}
