// The route table's URL patterns (app/routes.ts), as the tests that probe every route list them.
import routes from '../../app/routes'

interface RouteEntry {
	path?: string
	index?: boolean
	children?: RouteEntry[]
}

/** Every URL pattern of the route table, children included. */
function routePaths(entries: RouteEntry[], prefix = ''): string[] {
	return entries.flatMap((entry) => {
		const own = entry.index ? [prefix || '/'] : entry.path !== undefined ? [`${prefix}/${entry.path}`.replace(/\/+/g, '/')] : []
		return [...own, ...routePaths(entry.children ?? [], entry.path ? `${prefix}/${entry.path}` : prefix)]
	})
}

/** A buyer page's optional Urdu prefix (`/ur?/products`) names two addresses: /products and /ur/products. */
const bothLanguages = (pattern: string) => (pattern.startsWith('/ur?') ? [pattern.slice('/ur?'.length) || '/', pattern.replace('/ur?', '/ur')] : [pattern])

/** Every URL pattern of app/routes.ts, each buyer page in both languages, without repeats. */
export const routePatterns = (): string[] => [...new Set(routePaths(routes as RouteEntry[]).flatMap(bothLanguages))]
