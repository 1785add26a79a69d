import { useLocation } from 'react-router'
import { LANG_NAMES, langOf, type Lang } from '~/i18n/lang'
import { useT } from '~/i18n/use-t'

/**
 * The header's language switch: a plain link (it works without scripts) to /language, which remembers
 * the choice and opens this same page, query and all, in the other language (ADR-032).
 */
export function LanguageSwitch({ className }: { className?: string }) {
	const t = useT()
	const { pathname, search } = useLocation()
	const other: Lang = langOf(pathname) === 'ur' ? 'en' : 'ur'
	const href = `/language?to=${other}&next=${encodeURIComponent(pathname + search)}`
	return (
		<a href={href} hrefLang={other} lang={other} className={className ?? 'language-switch'} aria-label={t('common.language.switchLabel')}>
			{LANG_NAMES[other]}
		</a>
	)
}
