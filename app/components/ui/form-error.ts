import { bringIntoView } from './bring-into-view'

/**
 * A form's failure drawn by a script of a part the server drew (ADR-007), where `ErrorAlert` would
 * draw it: before `before` (else at the end of the form), focused and brought into view as
 * `ErrorAlert`'s is. Replaces the form's earlier one; none when `message` is null.
 */
export function showFormError(form: HTMLFormElement, message: string | null, before: Element | null) {
	form.querySelector(':scope > .error-box[role="alert"]')?.remove()
	if (!message) return
	const box = document.createElement('p')
	box.className = 'error-box'
	box.setAttribute('role', 'alert')
	box.textContent = message
	box.tabIndex = -1
	form.insertBefore(box, before && before.parentNode === form ? before : null)
	bringIntoView(box)
}
