// Copying to the clipboard: the copy buttons React draws (`CopyButton`) and those of parts the server draws.

/** What is said once a copy is made: the message ('{what} copied') filled, its first letter a capital ('Order number copied'). */
export function copiedMessage(template: string, what: string) {
	return template.replace('{what}', what).replace(/^./, (first) => first.toUpperCase())
}

export async function copyText(text: string): Promise<boolean> {
	try {
		await navigator.clipboard.writeText(text)
		return true
	} catch {
		// No clipboard API outside secure contexts (a phone on the shop's LAN address): the old way.
		const area = document.createElement('textarea')
		area.value = text
		area.setAttribute('readonly', '')
		area.style.position = 'fixed'
		area.style.opacity = '0'
		document.body.append(area)
		area.select()
		try {
			return document.execCommand('copy')
		} catch {
			return false
		} finally {
			area.remove()
		}
	}
}

/**
 * The click of a copy button in a part the server draws (ADR-007): copies its `data-copy` and shows
 * the check and the announcement for 2 seconds, as `CopyButton` does.
 */
export async function copyFromButton(button: HTMLElement) {
	const what = button.dataset.what ?? ''
	// The message in the page's language, when the server drew it (CopyButton's data-copied).
	const done = button.dataset.copied ?? copiedMessage('{what} copied', what)
	if (!(await copyText(button.dataset.copy ?? ''))) return
	const icon = button.querySelector('use')
	const status = button.nextElementSibling
	const show = (copied: boolean) => {
		button.classList.toggle('copied', copied)
		icon?.setAttribute('href', copied ? '/icons.svg#copied' : '/icons.svg#copy')
		if (status?.getAttribute('role') === 'status') status.textContent = copied ? done : ''
	}
	show(true)
	clearTimeout(Number(button.dataset.copiedTimer))
	button.dataset.copiedTimer = String(setTimeout(() => show(false), 2000))
}
