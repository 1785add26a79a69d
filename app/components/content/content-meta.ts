import type { MetaDescriptor } from 'react-router'
import type { MessageKey } from '~/i18n/catalogue'
import { metaTranslate } from '~/i18n/meta-translate'
import { pageMeta } from '~/utils/seo'

type Matches = Parameters<typeof pageMeta>[0]

/** A content page's title and description in its language, from the messages its routes sent. */
export function contentMeta(matches: Matches, title: MessageKey, description: MessageKey, more: { image?: string | null } = {}): MetaDescriptor[] {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t(title), description: t(description), image: more.image ?? undefined })
}
