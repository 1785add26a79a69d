/**
 * A refusal where the buyer is looking: `el` takes the focus and, when it is not wholly on screen
 * already, comes into view clear of the sticky header (the page's `scroll-padding-top`). A field to
 * correct comes to the top of the screen with its label and message (the fields after it, and their
 * messages, follow below it, above a phone's keyboard); an alert comes to the middle, beside the
 * button that was pressed.
 */
export function bringIntoView(el: HTMLElement) {
	el.focus({ preventScroll: true })
	const field = el.closest<HTMLElement>('.field')
	const target = field ?? el
	const box = target.getBoundingClientRect()
	const clear = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
	if (box.top >= clear && box.bottom <= window.innerHeight) return
	target.scrollIntoView({ block: field ? 'start' : 'center' })
}
