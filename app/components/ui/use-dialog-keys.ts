import { useLayoutEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
	'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog's keyboard, for every dialog of the shop (the cart drawer, `Modal`): while `open`,
 * focus moves to its first control (else the dialog itself), Tab and Shift+Tab stay inside, Escape
 * calls `onClose`, and on closing focus goes back to what had it. Set up in a layout effect, before the
 * open dialog is painted: a key pressed the moment it shows (a passive effect may run after the paint,
 * on a slow phone visibly so) is not lost.
 */
export function useDialogKeys(dialogRef: RefObject<HTMLElement | null>, open: boolean, onClose: () => void) {
	const onCloseRef = useRef(onClose)
	onCloseRef.current = onClose

	useLayoutEffect(() => {
		const dialog = dialogRef.current
		if (!open || !dialog) return
		const returnTo = document.activeElement as HTMLElement | null
		// The controls a keyboard reaches now: hidden ones (a collapsed part, display: none) are skipped.
		const controls = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0)
		;(controls()[0] ?? dialog).focus()

		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key === 'Escape') {
				event.preventDefault()
				onCloseRef.current()
				return
			}
			if (event.key !== 'Tab') return
			const items = controls()
			const first = items[0]
			const last = items[items.length - 1]
			if (!first || !last) return event.preventDefault()
			const inside = dialog.contains(document.activeElement)
			if (event.shiftKey && (!inside || document.activeElement === first)) {
				event.preventDefault()
				last.focus()
			} else if (!event.shiftKey && (!inside || document.activeElement === last)) {
				event.preventDefault()
				first.focus()
			}
		}
		document.addEventListener('keydown', onKeyDown)
		return () => {
			document.removeEventListener('keydown', onKeyDown)
			returnTo?.focus?.()
		}
	}, [dialogRef, open])
}
