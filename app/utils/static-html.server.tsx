import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { langOf } from '~/i18n/lang'
import { DRAWN_NAMESPACES, messagesFor } from '~/i18n/messages.server'

/**
 * A part of a page that never changes in the browser, as HTML for `ServerHtml` (ADR-007). Its
 * `<Link>`s become plain links (`ServerHtml` navigates them in the app); it may not read loader data
 * through hooks, so it takes what it shows as props. `location` is the address its hooks read
 * (`useSearchParams`, and `useT`/`useLocalePath` for the language: /ur/… draws it in Urdu), the page's
 * own when the part shows what its query asks for or speaks the page's language. It is drawn in a
 * router of its own whose one route carries the page's messages in that language, as the language
 * layout does for the page (ADR-032).
 */
export function renderStaticHtml(node: ReactNode, { location = '/' }: { location?: string } = {}): string {
	const router = createMemoryRouter([{ id: 'static-part', path: '*', element: node, loader: () => null }], {
		initialEntries: [location],
		hydrationData: { loaderData: { 'static-part': { messages: messagesFor(langOf(new URL(location, 'http://x').pathname), DRAWN_NAMESPACES) } } },
	})
	try {
		return renderToStaticMarkup(<RouterProvider router={router} />)
	} finally {
		router.dispose()
	}
}
