/**
 * A refusal where the buyer is looking: `el` (an alert, or the first field to correct) takes the focus
 * and comes into the middle of the screen with what belongs to it (a field's own message below it),
 * so the sticky header never covers it and a phone's keyboard leaves it in view.
 */
export function bringIntoView(el: HTMLElement) {
	el.focus({ preventScroll: true })
	const whole = el.closest<HTMLElement>('.field') ?? el
	whole.scrollIntoView({ block: 'center' })
}
