import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import { langOf } from '~/i18n/lang'
import { messagesFor, ORDER_NAMESPACES } from '~/i18n/messages.server'
import type { Route } from './+types/order-messages-layout'

// The checkout, payment, order and My orders pages sit in this layout inside the language layout: it
// carries their words (checkout, order, push, offline) in the page's language, so the catalogue pages
// carry only theirs (ADR-032). Again only when the buyer switches language.
export function loader({ request }: Route.LoaderArgs) {
	return { messages: messagesFor(langOf(new URL(request.url).pathname), ORDER_NAMESPACES) }
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
	return langOf(currentUrl.pathname) !== langOf(nextUrl.pathname)
}

export default function OrderMessagesLayout() {
	return <Outlet />
}
