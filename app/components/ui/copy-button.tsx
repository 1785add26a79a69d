import { useEffect, useState } from 'react'
import type { Translate } from '~/i18n/catalogue'
import { copiedMessage, copyText } from './copy-text'

export { copyText }

/** Whether something was just copied: true for 2 seconds after `setCopied(true)`. */
export function useCopied() {
	const [copied, setCopied] = useState(false)
	useEffect(() => {
		if (!copied) return
		const timer = setTimeout(() => setCopied(false), 2000)
		return () => clearTimeout(timer)
	}, [copied])
	return [copied, setCopied] as const
}

/**
 * An icon button that copies a value and shows a check for 2 seconds. `what` names it: 'order number'.
 * `t`: the buyer page's language (`common.copy.*`), also where the server draws the button; English
 * without it (the console).
 */
export function CopyButton({ value, what, t }: { value: string; what: string; t?: Translate }) {
	const [copied, setCopied] = useCopied()
	const label = t ? t('common.copy.label', { what }) : `Copy ${what}`
	const done = copiedMessage(t ? t('common.copy.copied') : '{what} copied', what)

	return (
		<>
			<button
				type="button"
				className={copied ? 'copy-button copied' : 'copy-button'}
				aria-label={label}
				title={label}
				// What a part the server draws copies (`copyFromButton`), as it has no handler of its own.
				data-copy={value}
				data-what={what}
				data-copied={done}
				onClick={async () => setCopied(await copyText(value))}
			>
				{/* Symbols of /icons.svg, as the header's icons: their paths are not in the pages' script. */}
				<svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
					<use href={copied ? '/icons.svg#copied' : '/icons.svg#copy'} />
				</svg>
			</button>
			<span className="sr-only" role="status">
				{copied ? done : ''}
			</span>
		</>
	)
}
