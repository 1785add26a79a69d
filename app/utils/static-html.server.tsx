import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'

/**
 * A part of a page that never changes in the browser, as HTML for `ServerHtml` (ADR-007). Its
 * `<Link>`s become plain links (`ServerHtml` navigates them in the app); it may not read loader data
 * through hooks, so it takes what it shows as props. `location` is the address its hooks read
 * (`useSearchParams`), the page's own when the part shows what its query asks for.
 */
export function renderStaticHtml(node: ReactNode, { location = '/' }: { location?: string } = {}): string {
	return renderToStaticMarkup(<MemoryRouter initialEntries={[location]}>{node}</MemoryRouter>)
}
