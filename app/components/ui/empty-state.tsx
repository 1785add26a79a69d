import type { ReactNode } from 'react'

const ICONS = {
	trophy: 'M7 2h10v2h4v3a5 5 0 0 1-5 5h-.3A5 5 0 0 1 13 14.9V18h4v4H7v-4h4v-3.1A5 5 0 0 1 8.3 12H8a5 5 0 0 1-5-5V4h4V2Zm0 4H5v1a3 3 0 0 0 2 2.8V6Zm10 0v3.8A3 3 0 0 0 19 7V6h-2Z',
	review: 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm8 3.5-1.4 2.9-3.1.4 2.3 2.2-.6 3.1 2.8-1.5 2.8 1.5-.6-3.1 2.3-2.2-3.1-.4L12 6.5Z',
} as const

/** A list with nothing in it yet, said as an invitation: an icon, the line, a sentence, an action. */
export function EmptyState({ icon, title, children, action }: { icon: keyof typeof ICONS; title: string; children?: ReactNode; action?: ReactNode }) {
	return (
		<div className="empty-panel">
			<svg className="empty-panel-icon" aria-hidden="true" viewBox="0 0 24 24" width="36" height="36">
				<path fill="currentColor" d={ICONS[icon]} />
			</svg>
			<p className="empty-panel-title">{title}</p>
			{children ? <p className="empty-panel-text">{children}</p> : null}
			{action}
		</div>
	)
}
