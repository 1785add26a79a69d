import type { HTMLAttributes, MouseEvent } from 'react'
import { useNavigate } from 'react-router'

type TagName = 'div' | 'footer' | 'section' | 'p'

/**
 * A part of the page only the server draws (ADR-007): its loader renders it to HTML
 * (`renderStaticHtml`), and here that HTML is put in place, on the server, on hydration (React keeps it
 * as it is) and on a client-side navigation alike, so the browser never downloads the component.
 * A click on one of its own links navigates in the app, as a `<Link>` would, unless the page's
 * `onClick` took care of it.
 */
export function ServerHtml({ as: Tag = 'div', html, onClick: ownClick, ...props }: { as?: TagName; html: string } & Omit<HTMLAttributes<HTMLElement>, 'dangerouslySetInnerHTML' | 'children'>) {
	const navigate = useNavigate()
	const onClick = (event: MouseEvent<HTMLElement>) => {
		// The page's own handler first: a link it takes care of (it prevents the default) is not also followed.
		ownClick?.(event)
		const link = event.target instanceof Element ? event.target.closest('a') : null
		if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
		if (link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return
		event.preventDefault()
		void navigate(link.pathname + link.search + link.hash)
	}
	return <Tag {...props} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
}
