import { useEffect, useState } from 'react'

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

/** An icon button that copies a value and shows a check for 2 seconds. `what` names it: 'order number'. */
export function CopyButton({ value, what }: { value: string; what: string }) {
	const [copied, setCopied] = useState(false)

	useEffect(() => {
		if (!copied) return
		const timer = setTimeout(() => setCopied(false), 2000)
		return () => clearTimeout(timer)
	}, [copied])

	return (
		<>
			<button
				type="button"
				className={copied ? 'copy-button copied' : 'copy-button'}
				aria-label={`Copy ${what}`}
				title={`Copy ${what}`}
				onClick={async () => setCopied(await copyText(value))}
			>
				<svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
					{copied ? (
						<path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z" />
					) : (
						<path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1Zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Zm0 16H8V7h11v14Z" />
					)}
				</svg>
			</button>
			<span className="sr-only" role="status">
				{copied ? `${what[0]!.toUpperCase()}${what.slice(1)} copied` : ''}
			</span>
		</>
	)
}
