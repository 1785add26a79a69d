/**
 * A page's HTML as the buyer reads it: without its scripts. They carry the page's data, and since
 * ADR-032 every message of the page's catalogue with it, so a sentence a page does not show is
 * still in its HTML, inside a script.
 */
export const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
