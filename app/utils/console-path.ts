/**
 * The staff console's addresses, known from the path alone (before the routes have matched): the
 * shop frame's early download and the service worker's registration (boot-scripts.server.ts) skip them.
 */
export const looksLikeConsolePath = (pathname: string) => /^\/admin(?:-dashboard|\/|$)/.test(pathname)
