import type { ReactNode } from 'react'

// The icons are symbols of /icons.svg (public/), so no page's script carries their paths.
type Icon = 'trophy' | 'review'

/** A list with nothing in it yet, said as an invitation: an icon, the line, a sentence, an action. */
export function EmptyState({ icon, title, children, action }: { icon: Icon; title: string; children?: ReactNode; action?: ReactNode }) {
	return (
		<div className="empty-panel">
			<svg className="empty-panel-icon" aria-hidden="true" viewBox="0 0 24 24" width="36" height="36">
				<use href={`/icons.svg#${icon}`} />
			</svg>
			<p className="empty-panel-title">{title}</p>
			{children ? <p className="empty-panel-text">{children}</p> : null}
			{action}
		</div>
	)
}
