import type { Page } from '@playwright/test'

// Layout checks over whatever page is open, each answering a list of readable problems (empty
// when the page is fine), so a spec can `expect(await clippedText(page)).toEqual([])` and the
// failure names the text, the control or the element at fault.

/**
 * Visible text cut off by an ancestor that clips it (overflow hidden, clip, or auto / scroll beyond
 * what scrolling can reveal), and select or input values too wide for their box.
 */
export async function clippedText(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const SLACK = 1
		const problems: string[] = []
		// Lay out what content-visibility skips off screen as it will be once scrolled to.
		const render = document.createElement('style')
		render.textContent = '* { content-visibility: visible !important; }'
		document.head.append(render)
		const label = (el: Element) => {
			const id = el.id ? `#${el.id}` : ''
			const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
			return `${el.tagName.toLowerCase()}${id}${classes}`
		}
		const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
		// sr-only text is clipped on purpose: it is for screen readers.
		const visuallyHidden = (el: Element) => {
			const style = getComputedStyle(el)
			const box = el.getBoundingClientRect()
			return (style.clip !== 'auto' && style.position === 'absolute') || style.clipPath !== 'none' || (box.width <= 1 && box.height <= 1)
		}
		const containingBlockOf = (el: Element) => {
			for (let a = el.parentElement; a; a = a.parentElement) {
				const style = getComputedStyle(a)
				if (style.position !== 'static' || style.transform !== 'none' || style.contain.includes('paint')) return a
			}
			return document.documentElement
		}

		/** Where `ancestor` lets its content show: its padding box, or for a scroller all it can scroll to. */
		const clipArea = (ancestor: Element, style: CSSStyleDeclaration) => {
			const box = ancestor.getBoundingClientRect()
			const left = box.left + ancestor.clientLeft
			const top = box.top + ancestor.clientTop
			const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll'
			const x = style.overflowX === 'visible' ? null : scrolls(style.overflowX) ? [left - ancestor.scrollLeft, left - ancestor.scrollLeft + ancestor.scrollWidth] : [left, left + ancestor.clientWidth]
			const y = style.overflowY === 'visible' ? null : scrolls(style.overflowY) ? [top - ancestor.scrollTop, top - ancestor.scrollTop + ancestor.scrollHeight] : [top, top + ancestor.clientHeight]
			return { x, y }
		}

		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
			acceptNode: (node) => {
				const parent = node.parentElement
				if (!parent || !node.textContent?.trim()) return NodeFilter.FILTER_REJECT
				if (parent.closest('script, style, noscript, template, select, textarea')) return NodeFilter.FILTER_REJECT
				return NodeFilter.FILTER_ACCEPT
			},
		})
		const reported = new Set<Element>()
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const parent = node.parentElement!
			if (!shown(parent)) continue
			const range = document.createRange()
			range.selectNodeContents(node)
			const text = range.getBoundingClientRect()
			if (text.width === 0 || text.height === 0) continue

			// Climb to the root; an absolutely or fixed placed box escapes clippers below its containing block.
			let escapeUntil: Element | null = null
			for (let el: Element | null = parent; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
				if (escapeUntil) {
					if (el !== escapeUntil) continue
					escapeUntil = null
				}
				if (visuallyHidden(el)) break
				const style = getComputedStyle(el)
				if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
					const area = clipArea(el, style)
					const outX = area.x && (text.left < area.x[0]! - SLACK || text.right > area.x[1]! + SLACK)
					const outY = area.y && (text.top < area.y[0]! - SLACK || text.bottom > area.y[1]! + SLACK)
					if ((outX || outY) && !reported.has(parent)) {
						reported.add(parent)
						const words = node.textContent!.replace(/\s+/g, ' ').trim().slice(0, 80)
						const span = (range: number[] | null) => (range ? `${Math.round(range[0]!)}–${Math.round(range[1]!)}` : 'any')
						problems.push(`"${words}" (${label(parent)}) is cut off by ${label(el)}: text at x ${span([text.left, text.right])}, y ${span([text.top, text.bottom])}; shown x ${span(area.x)}, y ${span(area.y)}`)
					}
				}
				if (style.position === 'fixed') break
				if (style.position === 'absolute') escapeUntil = containingBlockOf(el)
			}
		}

		// A select draws its chosen option itself: compare its width with the width that option needs.
		for (const select of Array.from(document.querySelectorAll('select'))) {
			if (!shown(select) || select.selectedIndex < 0) continue
			const probe = select.cloneNode(false) as HTMLSelectElement
			probe.append(select.options[select.selectedIndex]!.cloneNode(true))
			probe.removeAttribute('id')
			probe.removeAttribute('name')
			Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', width: 'auto', minWidth: '0', maxWidth: 'none', flex: 'none' })
			select.parentElement!.append(probe)
			const needed = probe.getBoundingClientRect().width
			probe.remove()
			const has = select.getBoundingClientRect().width
			if (has + SLACK < needed) {
				problems.push(`select ${label(select)} shows "${select.options[select.selectedIndex]!.text}" in ${Math.round(has)}px but needs ${Math.ceil(needed)}px`)
			}
		}
		// A text field scrolls its value sideways when it does not fit.
		for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file])'))) {
			if (shown(input) && input.value && input.scrollWidth > input.clientWidth + SLACK) {
				problems.push(`input ${label(input)} shows "${input.value}" in ${input.clientWidth}px but needs ${input.scrollWidth}px`)
			}
		}
		render.remove()
		return problems
	})
}

/** `{placeholder}` tokens left unfilled in the page's visible text or its title. */
export async function unfilledTokens(page: Page): Promise<string[]> {
	const { text, title } = await page.evaluate(() => ({ text: document.body.innerText, title: document.title }))
	const problems: string[] = []
	for (const [where, content] of [
		['title', title],
		['page', text],
	] as const) {
		for (const match of content.matchAll(/\{[A-Za-z_][\w.]*\}/g)) {
			const around = content.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40).replace(/\s+/g, ' ')
			problems.push(`${match[0]} in the ${where}: "…${around}…"`)
		}
	}
	return problems
}

/**
 * Characters only an emoji font draws (🔒, 📦, ✅…): many phones here have none and show an empty
 * box. Symbols with a text form (★ ✓ ✕ ☰) are fine.
 */
export async function emojiInText(page: Page): Promise<string[]> {
	const text = await page.evaluate(() => document.body.innerText)
	return [...text.matchAll(/\p{Emoji_Presentation}/gu)].map((m) => `${m[0]} in "…${text.slice(Math.max(0, m.index - 30), m.index + 40).replace(/\s+/g, ' ')}…"`)
}

/** The document wider than the viewport, with the elements that stick out past its right edge. */
export async function widerThanViewport(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const render = document.createElement('style')
		render.textContent = '* { content-visibility: visible !important; }'
		document.head.append(render)
		// Not innerWidth: a phone browser widens its layout viewport to whatever overflows, and
		// innerWidth with it; the initial containing block keeps the screen's width.
		const viewport = document.documentElement.clientWidth
		const width = document.documentElement.scrollWidth
		if (width <= viewport) {
			render.remove()
			return []
		}
		const label = (el: Element) => {
			const id = el.id ? `#${el.id}` : ''
			const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
			const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
			return `${el.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`
		}
		const clipsSideways = (el: Element) => getComputedStyle(el).overflowX !== 'visible'
		const offenders: string[] = []
		for (const el of Array.from(document.body.querySelectorAll('*'))) {
			const right = el.getBoundingClientRect().right + window.scrollX
			if (right <= viewport + 0.5) continue
			if (getComputedStyle(el).position === 'fixed' || el.closest('[hidden]')) continue
			// Only the first element that sticks out of a parent that fits, and only where nothing clips it.
			const parent = el.parentElement
			if (parent && parent !== document.body && parent.getBoundingClientRect().right + window.scrollX > viewport + 0.5) continue
			let clipped = false
			for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
				if (clipsSideways(a)) clipped = true
				if (getComputedStyle(a).position === 'fixed') clipped = true
			}
			if (!clipped) offenders.push(`${label(el)} reaches ${Math.round(right)}px`)
		}
		render.remove()
		return [`the page is ${width}px wide in a ${viewport}px viewport`, ...offenders.slice(0, 15)]
	})
}

/**
 * Links, buttons and form controls smaller than 24×24 CSS px (WCAG 2.5.8), unless spaced so a 24 px
 * circle around each touches no other target, or the target is a link inside a sentence.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const MIN = 24
		const label = (el: Element) => {
			const name = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
			const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
			return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes} "${name}"`
		}
		// The face of a flip card turned away from the viewer cannot be tapped until it turns round.
		const turnedAway = (el: Element) => {
			for (let face: Element | null = el; face; face = face.parentElement) {
				if (getComputedStyle(face).backfaceVisibility !== 'hidden') continue
				let matrix = new DOMMatrix()
				for (let a: Element | null = face; a; a = a.parentElement) {
					const transform = getComputedStyle(a).transform
					if (transform && transform !== 'none') matrix = new DOMMatrix(transform).multiply(matrix)
				}
				if (matrix.m33 < 0) return true
			}
			return false
		}
		const targets = Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=radio], [role=checkbox], [role=link]')).filter(
			(el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !el.closest('[inert], [aria-hidden=true]') && el.getBoundingClientRect().width > 0 && !turnedAway(el),
		)
		const blockish = (el: Element) => !getComputedStyle(el).display.startsWith('inline') && getComputedStyle(el).display !== 'contents'
		/** Words on the same lines as an inline target, outside it: the target is in a sentence. */
		const inSentence = (el: Element) => {
			if (!getComputedStyle(el).display.startsWith('inline') || getComputedStyle(el).display === 'inline-block') return false
			let block = el.parentElement
			while (block && !blockish(block)) block = block.parentElement
			if (!block) return false
			let words = ''
			const collect = (node: Node) => {
				if (node === el) return
				if (node.nodeType === Node.TEXT_NODE) words += node.textContent
				else if (node instanceof Element && !blockish(node)) node.childNodes.forEach(collect)
			}
			block.childNodes.forEach(collect)
			return /[\p{L}\p{N}]/u.test(words)
		}
		// A checkbox or radio is also hit through its label.
		const area = (el: HTMLElement) => {
			const box = el.getBoundingClientRect()
			if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') && el.labels) {
				for (const l of Array.from(el.labels)) {
					const lb = l.getBoundingClientRect()
					if (lb.width >= MIN && lb.height >= MIN) return lb
				}
			}
			return box
		}
		const boxes = new Map(targets.map((el) => [el, area(el)]))
		const small = targets.filter((el) => {
			const box = boxes.get(el)!
			return box.width < MIN - 0.01 || box.height < MIN - 0.01
		})
		const problems: string[] = []
		for (const el of small) {
			if (inSentence(el)) continue
			const box = boxes.get(el)!
			const cx = box.left + box.width / 2
			const cy = box.top + box.height / 2
			// The spacing exception: a 24 px circle on its centre meets no other target nor another small one's circle.
			const crowdedBy = targets.find((other) => {
				if (other === el || other.contains(el) || el.contains(other)) return false
				const b = boxes.get(other)!
				if (small.includes(other)) {
					const ox = b.left + b.width / 2
					const oy = b.top + b.height / 2
					if (Math.hypot(ox - cx, oy - cy) < MIN) return true
				}
				const dx = Math.max(b.left - cx, 0, cx - b.right)
				const dy = Math.max(b.top - cy, 0, cy - b.bottom)
				return Math.hypot(dx, dy) < MIN / 2
			})
			if (crowdedBy) problems.push(`${label(el)} is ${Math.round(box.width)}×${Math.round(box.height)}px, too close to ${label(crowdedBy)}`)
		}
		return problems
	})
}

/**
 * Controls hidden behind something fixed or sticky (header, chat button) when focused: each button
 * and form control is scrolled to the top and to the bottom of the viewport (as the browser would,
 * honouring scroll-padding), focused, and the element drawn at its centre must be the control.
 */
export async function coveredControls(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const label = (el: Element) => {
			const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) || (el as HTMLInputElement).name || el.id
			return `${el.tagName.toLowerCase()} "${name}"`
		}
		const describe = (el: Element | null) => {
			if (!el) return 'nothing'
			for (let a: Element | null = el; a; a = a.parentElement) {
				const position = getComputedStyle(a).position
				if (position === 'fixed' || position === 'sticky') {
					const classes = typeof a.className === 'string' && a.className.trim() ? `.${a.className.trim().split(/\s+/).join('.')}` : ''
					return `${position} ${a.tagName.toLowerCase()}${classes}`
				}
			}
			return `${el.tagName.toLowerCase()} "${(el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)}"`
		}
		// Where things end up matters, not how they move: no transitions while checking.
		const still = document.createElement('style')
		still.textContent = '*, *::before, *::after { transition: none !important; scroll-behavior: auto !important; }'
		document.head.append(still)
		const startX = window.scrollX
		const startY = window.scrollY
		const controls = Array.from(document.querySelectorAll<HTMLElement>('button, input:not([type=hidden]), select, textarea, summary, [role=button], a.button')).filter(
			(el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !(el as HTMLButtonElement).disabled && !el.closest('[inert], [aria-hidden=true]') && el.getBoundingClientRect().width > 0,
		)
		const problems: string[] = []
		try {
			for (const el of controls) {
				for (const block of ['start', 'end'] as const) {
					el.scrollIntoView({ block, inline: 'nearest' })
					el.focus({ preventScroll: true })
					// Scrolling and focusing lay the page out again when the box is read (the shop moves
					// nothing from scroll events), so no frame is waited for: a frame per control made a
					// page with a hundred controls take seconds.
					const box = el.getBoundingClientRect()
					// The centre of the part inside the viewport (a tall text area may not fit), and where
					// its text starts and ends, a little in from each side.
					const left = Math.max(box.left, 0)
					const right = Math.min(box.right, window.innerWidth)
					const y = (Math.max(box.top, 0) + Math.min(box.bottom, window.innerHeight)) / 2
					const inset = Math.min(12, (right - left) / 4)
					const covered = [(left + right) / 2, left + inset, right - inset]
						.map((x) => document.elementFromPoint(x, y))
						.find((hit) => !hit || !(hit === el || el.contains(hit)))
					if (covered !== undefined) {
						problems.push(`${label(el)} scrolled to the ${block === 'start' ? 'top' : 'bottom'} is covered by ${describe(covered)}`)
						break
					}
				}
				el.blur()
			}
		} finally {
			still.remove()
			window.scrollTo(startX, startY)
		}
		return problems
	})
}

/** How much of the viewport's height stays covered at the top by fixed or sticky bars once the page is scrolled. */
export async function stuckAtTop(page: Page): Promise<number> {
	return page.evaluate(async () => {
		const startY = window.scrollY
		window.scrollTo(0, Math.min(document.documentElement.scrollHeight / 2, 1500))
		await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
		let bottom = 0
		for (const el of Array.from(document.body.querySelectorAll('*'))) {
			const position = getComputedStyle(el).position
			if (position !== 'fixed' && position !== 'sticky') continue
			const box = el.getBoundingClientRect()
			const onScreen = box.left < window.innerWidth && box.right > 0 && box.top <= 1 && box.bottom > 0
			if (onScreen && box.width >= window.innerWidth / 2 && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) bottom = Math.max(bottom, box.bottom)
		}
		window.scrollTo(0, startY)
		return Math.round(bottom)
	})
}

/**
 * What a floating element (fixed and narrower than half the screen: the chat button) covers as the
 * page first opens, before the buyer scrolls: controls and text under it. A bar across the screen
 * (a sticky header) is the page's frame, not a cover.
 */
export async function coveredAtFirstView(page: Page): Promise<string[]> {
	return page.evaluate(async () => {
		const startX = window.scrollX
		const startY = window.scrollY
		window.scrollTo(0, 0)
		await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
		const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !el.closest('[inert], [aria-hidden=true]')
		const label = (el: Element) => {
			const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
			const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
			return `${el.tagName.toLowerCase()}${classes}${name ? ` "${name}"` : ''}`
		}
		// Touching edges are not covering: a pixel of slack.
		const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && a.right > b.left + 1 && a.top < b.bottom - 1 && a.bottom > b.top + 1
		const floating = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter((el) => {
			if (getComputedStyle(el).position !== 'fixed' || !shown(el)) return false
			const box = el.getBoundingClientRect()
			return box.width > 0 && box.height > 0 && box.width < window.innerWidth / 2 && box.top < window.innerHeight && box.bottom > 0
		})
		const problems: string[] = []
		for (const cover of floating) {
			const area = cover.getBoundingClientRect()
			const controls = Array.from(document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]')).filter(
				(el) => !cover.contains(el) && shown(el) && overlap(el.getBoundingClientRect(), area),
			)
			for (const el of controls) {
				// Under the button: a twentieth of the control (a select's arrow, a Buy button's side), or its words.
				const box = el.getBoundingClientRect()
				const shared = Math.max(0, Math.min(box.right, area.right) - Math.max(box.left, area.left)) * Math.max(0, Math.min(box.bottom, area.bottom) - Math.max(box.top, area.top))
				const words = document.createRange()
				words.selectNodeContents(el)
				if (shared >= 0.05 * box.width * box.height || Array.from(words.getClientRects()).some((line) => line.width > 0 && overlap(line, area))) problems.push(`${label(el)} is under ${label(cover)}`)
			}
			const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const parent = node.parentElement
				if (!parent || !node.textContent?.trim() || cover.contains(parent) || parent.closest('script, style, noscript, template') || !shown(parent)) continue
				if (controls.some((c) => c.contains(parent))) continue
				const range = document.createRange()
				range.selectNodeContents(node)
				if (Array.from(range.getClientRects()).some((line) => overlap(line, area))) {
					problems.push(`text "${node.textContent.replace(/\s+/g, ' ').trim().slice(0, 40)}" (${label(parent).split(' ')[0]}) is under ${label(cover)}`)
				}
			}
		}
		window.scrollTo(startX, startY)
		return problems
	})
}
