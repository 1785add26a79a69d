import type { StoreContacts } from '~/domain/settings/store-contacts'
import type { Translate } from '~/i18n/catalogue'

/**
 * WhatsApp, phone (when it is another number) and email, each showing exactly what its link opens.
 * `t`: the page's language (English without it); numbers and addresses read left to right in Urdu too.
 */
export function ContactLinks({ contacts, className = 'contact-details', t }: { contacts: StoreContacts; className?: string; t?: Translate }) {
	return (
		<ul className={className}>
			<li>
				{t ? t('common.contact.whatsapp') : 'WhatsApp:'}{' '}
				<a href={contacts.whatsapp.href} target="_blank" rel="noopener noreferrer" className="nowrap" dir="ltr">
					{contacts.whatsapp.text}
				</a>
			</li>
			{contacts.phone ? (
				<li>
					{t ? t('common.contact.phone') : 'Phone:'}{' '}
					<a href={contacts.phone.href} className="nowrap" dir="ltr">
						{contacts.phone.text}
					</a>
				</li>
			) : null}
			<li>
				{t ? t('common.contact.email') : 'Email:'}{' '}
				<a href={contacts.email.href} dir="ltr">
					{contacts.email.text}
				</a>
			</li>
		</ul>
	)
}
