import type { MetaDescriptor } from 'react-router'
import type { MessageBundle, MessageKey } from '~/i18n/catalogue'
import { makeTranslate } from '~/i18n/translate'
import { pageMeta } from '~/utils/seo'

type Matches = Parameters<typeof pageMeta>[0]

/** A content page's title and description in its language, from the messages its loader sent. */
export function contentMeta(matches: Matches, data: { messages?: MessageBundle } | undefined, title: MessageKey, description: MessageKey, more: { image?: string | null } = {}): MetaDescriptor[] {
	const t = makeTranslate(data?.messages ?? {})
	return pageMeta(matches, { title: t(title), description: t(description), image: more.image ?? undefined })
}
