import type { ReactNode } from 'react'
import type { Translate } from '~/i18n/catalogue'
import { richText } from '../ui/rich-text'

/**
 * 'Ends 5 Jan 2027 · 40 days left' ('5 جنوری 2027 کو ختم ہوگی، 40 دن باقی'): the date where the
 * page's language puts it, then the days left while there are some. `date` is the day as a <time>.
 * `subscription`: said of the whole subscription ('Subscription ends…'), as My orders does.
 */
export function endsWords(t: Translate, days: number, date: ReactNode, subscription = false): ReactNode {
	const ends = subscription ? t(days > 0 ? 'order.card.subscriptionEnds' : 'order.card.subscriptionEnded') : t(days > 0 ? 'order.ends' : 'order.ended')
	const when = richText(ends, { date })
	if (days <= 0) return when
	return richText(t('order.endsAndLeft'), { ends: when, left: t(days === 1 ? 'order.daysLeftOne' : 'order.daysLeftMany', { days }) })
}
