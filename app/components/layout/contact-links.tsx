import type { StoreContacts } from '~/domain/settings/store-contacts'

/** WhatsApp, phone (when it is another number) and email, each showing exactly what its link opens. */
export function ContactLinks({ contacts, className = 'contact-details' }: { contacts: StoreContacts; className?: string }) {
	return (
		<ul className={className}>
			<li>
				WhatsApp:{' '}
				<a href={contacts.whatsapp.href} target="_blank" rel="noopener noreferrer" className="nowrap">
					{contacts.whatsapp.text}
				</a>
			</li>
			{contacts.phone ? (
				<li>
					Phone:{' '}
					<a href={contacts.phone.href} className="nowrap">
						{contacts.phone.text}
					</a>
				</li>
			) : null}
			<li>
				Email: <a href={contacts.email.href}>{contacts.email.text}</a>
			</li>
		</ul>
	)
}
