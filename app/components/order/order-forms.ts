import { chosenReceiptProblem, typedTransferFacts, uploadReceipt } from '~/components/payment/upload-receipt'
import type { Translate } from '~/i18n/catalogue'
import { say } from '~/i18n/words'
import { setFormBusy, showFormError, swapUnlockForms, type PartsActions } from './order-page-parts'

// What the order page and My orders do when a buyer sends one of their forms or chooses a receipt:
// loaded then, not with the page (issue 20). Without scripts the same forms post to the server.

const busy = new WeakSet<HTMLFormElement>()
/** The receipt chosen and checked in each receipt form (its input is cleared, so choosing the same file again reports a change). */
const chosen = new WeakMap<HTMLFormElement, File>()
/** A chosen file still being checked: Upload pressed meanwhile waits for it rather than finding nothing chosen. */
const checking = new WeakMap<HTMLFormElement, Promise<void>>()

export function submitForm(form: HTMLFormElement, pressed: HTMLButtonElement | null, actions: PartsActions) {
	if (busy.has(form)) return
	if (form.dataset.enhance === 'unlock') return void send(form, null, () => unlock(form, actions.t))
	if (form.dataset.enhance === 'pay-again') return void send(form, pressed, () => payAgain(form, pressed, actions))
	if (form.dataset.enhance === 'receipt') return void sendReceipt(form, actions)
}

async function send(form: HTMLFormElement, pressed: HTMLButtonElement | null, work: () => Promise<boolean | void>) {
	busy.add(form)
	setFormBusy(form, true, pressed)
	showFormError(form, null)
	let stayBusy: boolean | void = false
	try {
		stayBusy = await work()
	} finally {
		if (!stayBusy) {
			busy.delete(form)
			setFormBusy(form, false)
		}
	}
}

/** Product decision 3: the order's address gets a sign-in link and code; the page then asks for the code, reload or not. */
async function unlock(form: HTMLFormElement, t: Translate) {
	const input = form.elements.namedItem('email')
	const email = input instanceof HTMLInputElement ? input.value.trim() : ''
	const orderNumber = (form.elements.namedItem('orderNumber') as HTMLInputElement | null)?.value ?? ''
	const refuse = (message: string) => {
		showFormError(form, message)
		if (input instanceof HTMLInputElement) input.setAttribute('aria-invalid', 'true')
	}
	if (!email) return refuse(t('order.signIn.email'))
	try {
		const response = await fetch('/api/order/unlock', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify({ orderNumber, email }),
		})
		if (!response.ok) {
			const body = (await response.json().catch(() => null)) as { error?: string } | null
			return refuse(body?.error ?? t('order.unlock.sendFailed'))
		}
		// The address the no-script form's answer carries too: a reload still shows the code box.
		const section = form.closest('section')
		if (section) swapUnlockForms(section, email)
	} catch {
		refuse(t('order.unlock.offline'))
	}
}

/** ADR-012: pay online again (on to PayPro's page) or by transfer instead (the order shown again, with its transfer details). */
async function payAgain(form: HTMLFormElement, pressed: HTMLButtonElement | null, actions: PartsActions): Promise<boolean> {
	const method = pressed?.value === 'manual' ? 'manual' : 'paypro'
	try {
		const res = await fetch(form.action, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify({ paymentMethod: method }),
		})
		const answer = (await res.json().catch(() => null)) as { ok?: boolean; error?: string; paymentUrl?: string | null } | null
		if (!res.ok || !answer?.ok) {
			showFormError(form, answer?.error || actions.t('order.payAgain.failedStatus', { status: res.status }))
			// Paid meanwhile, or changed elsewhere: the page shows where the order stands now.
			if (res.status === 409) actions.refresh()
			return false
		}
		if (method === 'paypro' && answer.paymentUrl) {
			// Busy until the browser leaves for PayPro's page.
			window.location.assign(answer.paymentUrl)
			return true
		}
		if (form.dataset.afterTransfer) actions.navigate(form.dataset.afterTransfer)
		else actions.refresh()
	} catch {
		showFormError(form, actions.t('order.payAgain.offline'))
	}
	return false
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`)

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
	const node = document.createElement(tag)
	if (className) node.className = className
	if (text !== undefined) node.textContent = text
	return node
}

/** A chosen file: checked with the server's own rule, then previewed and removable; a refused one replaces nothing. */
export async function receiptChosen(input: HTMLInputElement, t: Translate) {
	const form = input.form
	const file = input.files?.[0]
	input.value = ''
	if (!form || !file || busy.has(form)) return
	const check = (async () => {
		const problem = await chosenReceiptProblem(file)
		showProblem(input, problem && t(problem))
		if (problem) return
		chosen.set(form, file)
		showFormError(form, null)
		showDone(form, false, t)
		showPreview(input, file, t)
	})()
	checking.set(form, check)
	try {
		await check
	} finally {
		if (checking.get(form) === check) checking.delete(form)
	}
}

function showProblem(input: HTMLInputElement, problem: string | null) {
	const picker = input.closest('.receipt-picker')
	picker?.querySelector('.receipt-problem')?.remove()
	const id = `${input.id}-problem`
	if (!problem) {
		input.removeAttribute('aria-invalid')
		input.removeAttribute('aria-describedby')
		return
	}
	const box = element('p', 'error-box receipt-problem', problem)
	box.setAttribute('role', 'alert')
	box.id = id
	picker?.querySelector('.receipt-chosen')?.after(box)
	input.setAttribute('aria-invalid', 'true')
	input.setAttribute('aria-describedby', id)
}

function removePreview(input: HTMLInputElement) {
	const preview = input.closest('.receipt-picker')?.querySelector('.receipt-preview')
	const image = preview?.querySelector('img')
	if (image) URL.revokeObjectURL(image.src)
	preview?.remove()
}

function showPreview(input: HTMLInputElement, file: File, t: Translate) {
	removePreview(input)
	const picker = input.closest('.receipt-picker')
	if (!picker || !input.form) return
	const form = input.form
	const preview = element('div', 'receipt-preview')
	const image = element('img', '')
	image.alt = t('order.receipt.previewAlt')
	image.src = URL.createObjectURL(file)
	image.addEventListener('error', () => image.replaceWith(element('p', 'receipt-no-preview muted', t('order.receipt.noPreview'))))
	const about = element('div', 'receipt-file')
	const line = element('p', 'small')
	line.append(element('span', 'receipt-file-name', file.name), ' ', element('span', 'muted', `(${sizeText(file.size)})`))
	const remove = element('button', 'link-button', t('order.receipt.remove'))
	remove.type = 'button'
	remove.addEventListener('click', () => {
		chosen.delete(form)
		removePreview(input)
		showProblem(input, null)
		input.focus()
	})
	about.append(line, remove)
	preview.append(image, about)
	picker.append(preview)
}

function showDone(form: HTMLFormElement, done: boolean, t: Translate) {
	const status = form.querySelector(':scope > [role="status"]')
	if (!status) return
	status.replaceChildren(...(done ? [element('p', 'success-box receipt-uploaded', t('order.receipt.uploaded'))] : []))
}

function setPickerBusy(form: HTMLFormElement, on: boolean) {
	form.querySelector('.receipt-drop')?.classList.toggle('disabled', on)
	for (const control of form.querySelectorAll<HTMLInputElement | HTMLButtonElement>('.receipt-picker input, .receipt-picker button')) control.disabled = on
}

async function sendReceipt(form: HTMLFormElement, actions: PartsActions) {
	const input = form.querySelector<HTMLInputElement>('input[type="file"]')
	await checking.get(form)
	// A file chosen before the page's scripts started is still in the input.
	const file = chosen.get(form) ?? input?.files?.[0] ?? null
	const transfer = typedTransferFacts(form)
	if (!transfer.ok) return showFormError(form, actions.t(transfer.key))
	if (!file) return showFormError(form, actions.t('order.receipt.missing'))
	const problem = await chosenReceiptProblem(file)
	if (problem) return showFormError(form, actions.t(problem))
	setPickerBusy(form, true)
	await send(form, null, async () => {
		const answer = await uploadReceipt(form.dataset.order ?? '', file, transfer.facts)
		setPickerBusy(form, false)
		if (!answer.ok) return showFormError(form, say(actions.t, answer.error))
		chosen.delete(form)
		if (input) {
			input.value = ''
			removePreview(input)
		}
		showDone(form, true, actions.t)
		actions.refresh()
	})
}
