import type { ReviewerStanding } from '~/domain/reviews/review-scope'
import { showFormError } from '~/components/ui/form-error'
import { bringIntoView } from '~/components/ui/bring-into-view'

// What the review form does once a buyer uses it: loaded at their first touch of the form
// (reviews-section.tsx), not with the page. It works on the form the server drew (review-form.server.tsx).

const asked = new WeakSet<HTMLFormElement>()
const busy = new WeakSet<HTMLFormElement>()

const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement

/** A message the server drew into the form's data-* attributes (review-form.tsx), in the page's language. */
const words = (form: HTMLFormElement, name: 'submit' | 'submitting' | 'failed' | 'signedInVerified' | 'signedInBuyersOnly' | 'signedInUnverified', fallback: string) => form.dataset[name] ?? fallback

/** Whether the writer is a signed-in buyer, asked once they start on the form; the answer replaces the invitation. */
export function askStanding(form: HTMLFormElement) {
	if (asked.has(form)) return
	asked.add(form)
	// From now on the script sends the form and the server names every field's problem at once (the
	// browser's own check would stop at the first blank field).
	form.noValidate = true
	const buyersOnly = form.dataset.reviewsFrom === 'buyers'
	fetch(`/api/reviews/me?productId=${encodeURIComponent(field(form, 'productId').value)}`)
		.then((res) => (res.ok ? (res.json() as Promise<ReviewerStanding>) : null))
		.then((standing) => {
			const note = form.querySelector('.review-sign-in')
			if (!standing?.signedIn || !note) return
			note.setAttribute('role', 'status')
			// In Urdu text the address is isolated so it reads left to right (as <bdi> would).
			const email = form.dataset.lang === 'ur' ? `\u2068${standing.email}\u2069` : standing.email
			const message = standing.bought
				? words(form, 'signedInVerified', 'Signed in as {email}: your review shows “Verified purchase”.')
				: buyersOnly
					? words(form, 'signedInBuyersOnly', 'Signed in as {email}: we found no paid order of this product for that address, and only buyers can review it.')
					: words(form, 'signedInUnverified', 'Signed in as {email}: we found no paid order of this product for that address, so your review shows without “Verified purchase”.')
			note.textContent = message.replace('{email}', email)
		})
		// Asked again at the next touch.
		.catch(() => asked.delete(form))
}

/** The stars: the one clicked and those before it lit, and the rating sent with the review. */
export function setRating(form: HTMLFormElement, rating: number) {
	field(form, 'rating').value = String(rating)
	form.querySelectorAll('.star-picker [role="radio"]').forEach((star, i) => {
		star.setAttribute('aria-checked', String(i + 1 === rating))
		star.classList.toggle('on', i < rating)
	})
}

/** A click on a star (any click in the form comes here; others are left alone). */
export function clickIn(form: HTMLFormElement, target: EventTarget | null) {
	const star = target instanceof Element ? target.closest('.star-picker [role="radio"]') : null
	if (!star) return
	setRating(form, [...form.querySelectorAll('.star-picker [role="radio"]')].indexOf(star) + 1)
}

const showError = (form: HTMLFormElement, message: string | null) => showFormError(form, message, form.querySelector(':scope > fieldset'))

/** Each field's refusal beside it (all at once), the first field focused and in view; false when none names a field of the form. */
function showFieldErrors(form: HTMLFormElement, errors: Record<string, string> = {}): boolean {
	let first: HTMLElement | null = null
	for (const name of ['name', 'comment']) {
		const input = field(form, name)
		const message = errors[name]
		input.closest('.field')?.querySelector('.field-error')?.remove()
		if (!message) {
			input.removeAttribute('aria-invalid')
			input.removeAttribute('aria-describedby')
			continue
		}
		const note = document.createElement('p')
		note.className = 'field-error'
		note.id = `${input.id}-error`
		note.textContent = message
		input.after(note)
		input.setAttribute('aria-invalid', 'true')
		input.setAttribute('aria-describedby', note.id)
		first ??= input
	}
	if (first) bringIntoView(first)
	return first !== null
}

function setBusy(form: HTMLFormElement, on: boolean) {
	if (on) busy.add(form)
	else busy.delete(form)
	const fieldset = form.querySelector('fieldset')
	if (fieldset) fieldset.disabled = on
	const button = form.querySelector('button[type="submit"]')
	if (button) button.textContent = on ? words(form, 'submitting', 'Submitting...') : words(form, 'submit', 'Submit Review')
}

/** Posts the review; a refusal names each field's problem beside it (a blank name and review both); once taken, the form is ready for the next one. */
export async function submit(form: HTMLFormElement, taken: () => void) {
	if (busy.has(form)) return
	// Read before the fieldset is disabled: a disabled field is not sent.
	const body = new URLSearchParams([...new FormData(form)].map(([k, v]) => [k, String(v)]))
	// The server's refusal comes back in the page's language.
	body.set('lang', form.dataset.lang ?? 'en')
	setBusy(form, true)
	try {
		const res = await fetch(form.action, { method: 'POST', body })
		const answer = (await res.json().catch(() => null)) as { ok: true } | { error: string; fieldErrors?: Record<string, string> } | null
		if (answer && 'ok' in answer) {
			showError(form, null)
			showFieldErrors(form)
			field(form, 'name').value = ''
			field(form, 'comment').value = ''
			setRating(form, 5)
			taken()
		} else {
			// The fields take the focus again only once they are enabled.
			setBusy(form, false)
			if (answer && showFieldErrors(form, answer.fieldErrors)) showError(form, null)
			else showError(form, answer?.error ?? words(form, 'failed', 'Failed to submit review'))
		}
	} catch {
		showError(form, words(form, 'failed', 'Failed to submit review'))
	} finally {
		setBusy(form, false)
	}
}
