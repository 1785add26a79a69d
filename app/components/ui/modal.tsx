import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useT } from '~/i18n/use-t'
import { useDialogKeys } from './use-dialog-keys'

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

	useEffect(() => {
		if (!open) return
		const element = document.getElementById('site-modal-root')
		if (!element) {
			console.error('site-modal-root element not found')
			return
		}
		setRoot(element)
	}, [open])

	useDialogKeys(dialogRef, open && root !== null, onClose)
	// The page behind does not scroll while the dialog is open.
	useEffect(() => {
		if (!open || !root) return
		const { overflow } = document.body.style
		document.body.style.overflow = 'hidden'
		return () => {
			document.body.style.overflow = overflow
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
