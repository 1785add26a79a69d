import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useT } from '~/i18n/use-t'

const FOCUSABLE =
	'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A dialog rendered into #site-modal-root: Escape closes, focus is trapped inside and returns
 * to where it was, the page behind does not scroll.
 */
export function Modal({
	open,
	onClose,
	title,
	children,
}: {
	open: boolean
	onClose: () => void
	title: string
	children: ReactNode
}) {
	const t = useT()
	const [root, setRoot] = useState<HTMLElement | null>(null)
	const dialogRef = useRef<HTMLDivElement>(null)
	const titleId = useId()
	const onCloseRef = useRef(onClose)
	onCloseRef.current = onClose

	useEffect(() => {
		if (!open) return
		const element = document.getElementById('site-modal-root')
		if (!element) {
			console.error('site-modal-root element not found')
			return
		}
		setRoot(element)
	}, [open])

	// Before the open dialog is painted: a key pressed the moment it shows is not lost.
	useLayoutEffect(() => {
		if (!open || !root) return
		const previouslyFocused = document.activeElement as HTMLElement | null
		const { overflow } = document.body.style
		document.body.style.overflow = 'hidden'
		const dialog = dialogRef.current
		const first = dialog?.querySelector<HTMLElement>(FOCUSABLE)
		;(first ?? dialog)?.focus()

		function onKeyDown(event: KeyboardEvent) {
			if (event.key === 'Escape') {
				event.preventDefault()
				onCloseRef.current()
				return
			}
			if (event.key !== 'Tab' || !dialog) return
			const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
			if (items.length === 0) return event.preventDefault()
			const firstItem = items[0]!
			const lastItem = items[items.length - 1]!
			if (event.shiftKey && document.activeElement === firstItem) {
				event.preventDefault()
				lastItem.focus()
			} else if (!event.shiftKey && document.activeElement === lastItem) {
				event.preventDefault()
				firstItem.focus()
			} else if (!dialog.contains(document.activeElement)) {
				event.preventDefault()
				firstItem.focus()
			}
		}
		document.addEventListener('keydown', onKeyDown)
		return () => {
			document.removeEventListener('keydown', onKeyDown)
			document.body.style.overflow = overflow
			previouslyFocused?.focus?.()
		}
	}, [open, root])

	if (!open || !root) return null
	return createPortal(
		<div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
			<div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
				<div className="modal-head">
					<h2 id={titleId}>{title}</h2>
					<button type="button" className="icon-button" onClick={onClose} aria-label={t('common.modal.close')}>
						×
					</button>
				</div>
				{children}
			</div>
		</div>,
		root,
	)
}
