// Whether a product image has arrived is marked on its wrapper (data-loaded), which hides the
// spinner behind it (app.css). Kept apart from ProductImage so that every page's head can carry the
// listener without loading the component.

/**
 * Marks the wrapper of a loaded product image. Self-contained plain JavaScript once compiled: the
 * inline script below carries its source.
 */
export function markLoaded(target: EventTarget | null) {
	const parent = target instanceof HTMLImageElement ? target.parentElement : null
	// An uploaded cover's <img> sits in a <picture> inside the wrapper.
	const wrapper = parent && parent.tagName === 'PICTURE' ? parent.parentElement : parent
	if (wrapper && wrapper.classList.contains('product-image') && wrapper.dataset.loaded === undefined) wrapper.dataset.loaded = ''
}

/**
 * A product image drawn by the server only (inside `[data-server-image]`, which React never redraws:
 * the product page's cover) that fails says so, as ProductImage does: its wrapper then holds
 * 'Image unavailable' instead of the image. Plain text, not a function's source, so the browser's
 * build carries none of it.
 */
const SERVER_IMAGE_FAILED = `document.addEventListener('error', function (e) {
	var img = e.target, wrapper = img instanceof HTMLImageElement ? img.closest('.product-image') : null;
	if (!wrapper || !wrapper.closest('[data-server-image]')) return;
	var note = document.createElement('span'); note.className = 'image-unavailable'; note.textContent = wrapper.getAttribute('data-unavailable') || 'Image unavailable';
	wrapper.replaceChildren(note);
}, true);`

/**
 * Run inline at the top of every page: marks a product image's wrapper as loaded when the image
 * arrives, whether that is before the scripts, during hydration or after a client navigation.
 * `load` does not bubble, so it is caught on the way down, on the document: an element's load
 * event never reaches the window.
 */
export const IMAGE_LOADED_SCRIPT = `document.addEventListener('load', function (e) { (${markLoaded})(e.target) }, true);${SERVER_IMAGE_FAILED}`
