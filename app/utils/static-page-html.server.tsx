import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { MessageBundle } from '../i18n/catalogue'

/**
 * As `renderStaticHtml`, for a part drawn in the page's language: its components read their words with
 * `useT()` and their addresses with `useLocalePath()` as on the page itself. `location` is the page's
 * address (its /ur prefix says the language); `messages` are the page's messages in that language.
 */
export function renderPageHtml(node: ReactNode, { location, messages }: { location: string; messages: MessageBundle }): string {
	const router = createMemoryRouter([{ id: 'page', path: '*', element: node, loader: () => null }], {
		initialEntries: [location],
		hydrationData: { loaderData: { page: { messages } } },
	})
	return renderToStaticMarkup(<RouterProvider router={router} />)
}
