import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import { langOf } from '~/i18n/lang'
import { messagesFor, PAGE_NAMESPACES } from '~/i18n/messages.server'
import type { Route } from './+types/language-layout'

// Every buyer page sits in this layout (routes.ts): English at /…, Urdu at /ur/… (ADR-032). It carries
// the interface's words in the page's language once, and again only when the buyer switches language.
export function loader({ request }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	return { lang, messages: messagesFor(lang, PAGE_NAMESPACES) }
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
	return langOf(currentUrl.pathname) !== langOf(nextUrl.pathname)
}

export default function LanguageLayout() {
	return <Outlet />
}
