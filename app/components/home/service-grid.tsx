import { services } from '~/content/site'
import type { MessageKey, Translate } from '~/i18n/catalogue'
import { ServiceIcon } from '../ui/service-icon'

/** Each service's words in the catalogue, by its icon (content/site/services.ts has them in English). */
const WORDS: Record<string, [MessageKey, MessageKey]> = {
	gamepad: ['catalogue.service.subscriptions', 'catalogue.service.subscriptionsText'],
	gift: ['catalogue.service.giftCards', 'catalogue.service.giftCardsText'],
	key: ['catalogue.service.keys', 'catalogue.service.keysText'],
	user: ['catalogue.service.accounts', 'catalogue.service.accountsText'],
	bolt: ['catalogue.service.delivery', 'catalogue.service.deliveryText'],
	headset: ['catalogue.service.support', 'catalogue.service.supportText'],
}

/** `t`: the page's language (a service without words in the catalogue shows content/site/services.ts's English). */
export function ServiceGrid({ headingLevel, t }: { headingLevel: 'h2' | 'h3'; t: Translate }) {
	const Heading = headingLevel
	return (
		<ul className="service-grid">
			{services.map((s) => {
				const words = Object.hasOwn(WORDS, s.icon) ? WORDS[s.icon] : undefined
				return (
					<li key={s.title} className="service-card">
						<ServiceIcon name={s.icon} />
						<Heading className="h3">{words ? t(words[0]) : s.title}</Heading>
						<p className="muted">{words ? t(words[1]) : s.description}</p>
					</li>
				)
			})}
		</ul>
	)
}
