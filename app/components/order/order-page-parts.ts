import type { Translate } from '~/i18n/catalogue'
import type { MouseEvent, FormEvent } from 'react'
import { copyFromButton } from '~/components/ui/copy-text'

// The order page and My orders are drawn by the server (ADR-007): their buttons and forms are plain
// HTML the page's script listens to from above. Copy and Refresh work here; a form the page sends
// itself (`data-enhance`) loads its code when the buyer first sends it or chooses a file (`order-forms.ts`).

/** What the page does for a form it sent: show the order again, go to an address in the app, or send the sign-in code form. */
export interface PartsActions {
	refresh: () => void
	/** The page's words, for what the forms say in the browser. */
	t: Translate
	navigate: (path: string, options?: { replace?: boolean }) => void
	sendCode: (form: HTMLFormElement) => void
}

/** Copy buttons (`data-copy`), Refresh (`data-reload`) and the unlock form's Use another email address (`data-unlock-again`). */
export function onPartsClick(event: MouseEvent<HTMLElement>) {
	const again = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-unlock-again]') : null
	if (again) return askAgain(event, again)
	const button = event.target instanceof Element ? event.target.closest('button') : null
	if (!button) return
	if (button.dataset.copy !== undefined) void copyFromButton(button)
	else if (button.dataset.reload !== undefined) window.location.reload()
}

/** Use another email address: the email form again in place of the code's, at once, and the address without `signIn`. */
function askAgain(event: MouseEvent<HTMLElement>, link: HTMLAnchorElement) {
	const section = link.closest('section')
	if (!section?.querySelector('template')) return
	event.preventDefault()
	swapUnlockForms(section, null)
}

/**
 * The unlock card's two states, the email form and the code's, drawn by the server with the other one
 * in a `<template>`: swaps them and writes the state in the address, as the server reads it
 * (`signIn=sent&email=`), so a reload shows the same. `email` is the address a code was sent to, or
 * null for the email form.
 */
export function swapUnlockForms(section: Element, email: string | null) {
	const template = section.querySelector('template')
	if (!template) return
	const shown = [...section.children].filter((child) => child.tagName !== 'H2' && child !== template)
	const next = [...template.content.childNodes]
	template.content.replaceChildren(...shown)
	template.before(...next)
	const url = new URL(window.location.href)
	if (email !== null) {
		const codeEmail = section.querySelector<HTMLInputElement>('.buyer-code-form input[name="email"]')
		if (codeEmail) codeEmail.value = email
		url.searchParams.set('signIn', 'sent')
		url.searchParams.set('email', email)
	} else {
		url.searchParams.delete('signIn')
		url.searchParams.delete('email')
	}
	// React Router's own history entry (its key and index) is kept; only the address changes.
	window.history.replaceState(window.history.state, '', url)
}

/** A form the page sends itself instead of leaving it (`data-enhance`): the sign-in code through the router, the others through `order-forms.ts`. */
export function onPartsSubmit(event: FormEvent<HTMLElement>, actions: PartsActions) {
	const form = event.target
	if (!(form instanceof HTMLFormElement) || !form.dataset.enhance) return
	event.preventDefault()
	const submitter = (event.nativeEvent as SubmitEvent).submitter
	if (form.dataset.enhance === 'sign-in-code') return actions.sendCode(form)
	void import('./order-forms').then((forms) => forms.submitForm(form, submitter instanceof HTMLButtonElement ? submitter : null, actions))
}

/** A receipt chosen: checked and previewed before any upload. */
export function onPartsChange(event: Event, t: Translate) {
	const input = event.target
	if (input instanceof HTMLInputElement && input.type === 'file' && input.form?.dataset.enhance === 'receipt') void import('./order-forms').then((forms) => forms.receiptChosen(input, t))
}

/**
 * A form's failure, where `ErrorAlert` would draw it (before its fields or buttons); none when `message` is null.
 * What draws it is loaded with the first answer to a form, not with the page.
 */
export const showFormError = (form: HTMLFormElement, message: string | null) =>
	void import('~/components/ui/form-error').then(({ showFormError: show }) =>
		show(form, message, form.querySelector(':scope > .field, :scope > .order-actions, :scope > [role="status"], :scope > button')),
	)

/** Busy while sent: every button of the form off, the one pressed saying what happens (`data-busy-label`). */
export function setFormBusy(form: HTMLFormElement, busy: boolean, pressed?: HTMLButtonElement | null) {
	const buttons = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')]
	const label = pressed ?? buttons[0]
	for (const button of buttons) {
		button.disabled = busy
		if (busy && button === label && button.dataset.busyLabel) {
			button.dataset.label = button.textContent ?? ''
			button.textContent = button.dataset.busyLabel
		} else if (!busy && button.dataset.label !== undefined) {
			button.textContent = button.dataset.label
			delete button.dataset.label
		}
	}
}
