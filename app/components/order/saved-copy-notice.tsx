import { useT } from '~/i18n/use-t'

/**
 * Drawn into the order's server HTML (the order page's and My orders' loaders), so no script carries it.
 * Hidden on the page as the server sends it. When the shop's service worker (public/sw.js) answers
 * without a connection with its saved copy of this page, it shows this notice and writes the time
 * the copy was saved into the <time> (ADR-034). The markers below are what the worker looks for.
 */
export function SavedCopyNotice() {
	const t = useT()
	const [before, after] = t('offline.savedCopy', { time: '\u0000' }).split('\u0000')
	return (
		<p className="warning-box saved-copy" role="status" data-saved-copy="" hidden>
			{before}
			<time data-saved-at="" />
			{after}
		</p>
	)
}
