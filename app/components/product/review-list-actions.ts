import { insertReview, type Review } from '~/domain/reviews/review-scope'
import { formatPakistanDay } from '~/utils/pakistan-time'

// What an open product page does with a review posted or hidden meanwhile (the live stream's events):
// loaded with the first such event, not with the page. It works on the list the server drew
// (review-list.tsx), building each new item as that file draws one.

const ITEM = 'li[data-review-id]'

/** The words the server drew into the list's template (review-list.tsx), in the page's language. */
function wordsOf(container: HTMLElement) {
	const template = container.querySelector<HTMLTemplateElement>('template.no-reviews')
	return {
		lang: template?.dataset.lang,
		verified: template?.dataset.verified ?? '✓ Verified purchase',
		stars: (rating: number) => (template?.dataset.stars ?? '{rating} out of 5 stars').replace('{rating}', String(rating)),
	}
}

function star(rating: number, label: string) {
	const stars = document.createElement('span')
	stars.className = 'stars'
	stars.setAttribute('role', 'img')
	stars.setAttribute('aria-label', label)
	const off = document.createElement('span')
	off.className = 'stars-off'
	off.textContent = '★★★★★'.slice(rating)
	stars.append('★★★★★'.slice(0, rating), off)
	return stars
}

function paragraph(className: string | null, ...content: (Node | string)[]) {
	const p = document.createElement('p')
	if (className) p.className = className
	p.append(...content)
	return p
}

function item(review: Review, words: ReturnType<typeof wordsOf>) {
	const li = document.createElement('li')
	li.className = 'review'
	li.dataset.reviewId = String(review.id)
	li.dataset.createdAt = review.createdAt
	const name = document.createElement('strong')
	name.textContent = review.name
	const head = paragraph('review-head', name, ' ', star(review.rating, words.stars(review.rating)), ' ')
	if (review.verifiedPurchase) {
		const badge = document.createElement('span')
		badge.className = 'verified-badge'
		badge.textContent = words.verified
		head.append(badge)
	}
	const time = document.createElement('time')
	time.dateTime = review.createdAt
	time.textContent = words.lang === 'ur' ? formatPakistanDay(review.createdAt, 'ur') : review.day
	li.append(head, paragraph(null, review.comment), paragraph('muted small', time))
	return li
}

/** A review posted while the page is open: in its place (newest first), once. */
export function addReview(container: HTMLElement, review: Review) {
	let list = container.querySelector<HTMLUListElement>('ul.review-list')
	if (list?.querySelector(`${ITEM}[data-review-id="${review.id}"]`)) return
	if (!list) {
		container.querySelector('.empty-panel')?.remove()
		list = document.createElement('ul')
		list.className = 'review-list'
		list.setAttribute('aria-live', 'polite')
		container.prepend(list)
	}
	const shown = [...list.querySelectorAll<HTMLElement>(ITEM)]
	// The one order of reviews (review-scope.ts), on what the list shows.
	const order = insertReview(
		shown.map(
			(li) =>
				({
					id: Number(li.dataset.reviewId),
					createdAt: li.dataset.createdAt ?? '',
				}) as Review,
		),
		review,
	)
	list.insertBefore(item(review, wordsOf(container)), shown[order.indexOf(review)] ?? null)
}

/** A review staff hid: it leaves the page; the last one gone, the invitation comes back. */
export function hideReview(container: HTMLElement, id: number) {
	container.querySelector(`${ITEM}[data-review-id="${id}"]`)?.remove()
	const list = container.querySelector('ul.review-list')
	if (list && !list.querySelector(ITEM)) {
		list.replaceWith(container.querySelector<HTMLTemplateElement>('template.no-reviews')?.content.cloneNode(true) ?? '')
	}
}
