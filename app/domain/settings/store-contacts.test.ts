import { describe, expect, it } from 'vitest'
import { contactTokens, phoneContact, storeContacts, whatsappContact } from './store-contacts'

const details = { storeName: 'Shop', whatsapp: '923457778899', supportPhone: '+92 300 1234567', supportEmail: 'help@shop.pk', instagram: 'shop.pk' }

describe('the store’s contacts, each shown as the number its link opens', () => {
	it('shows the WhatsApp number and links the chat to it; the support number calls itself', () => {
		expect(whatsappContact('923457778899')).toEqual({ text: '+92 345 7778899', href: 'https://wa.me/923457778899' })
		expect(whatsappContact('923457778899', 'Hi!').href).toBe('https://wa.me/923457778899?text=Hi!')
		expect(phoneContact('+92 42 35761234')).toEqual({ text: '+92 4235761234', href: 'tel:+924235761234' })
		const contacts = storeContacts(details)
		expect(contacts.whatsapp).toEqual({ text: '+92 345 7778899', href: 'https://wa.me/923457778899' })
		expect(contacts.phone).toEqual({ text: '+92 300 1234567', href: 'tel:+923001234567' })
		expect(contacts.email).toEqual({ text: 'help@shop.pk', href: 'mailto:help@shop.pk' })
		expect(contacts.instagram).toEqual({ text: '@shop.pk', href: 'https://instagram.com/shop.pk' })
	})

	it('shows one number once when WhatsApp and calls share it', () => {
		expect(storeContacts({ ...details, supportPhone: '+92 345 7778899' }).phone).toBeNull()
	})

	it('fills {whatsapp} in page texts with the WhatsApp number, not the support number', () => {
		expect(contactTokens(details)).toEqual({ storeName: 'Shop', supportEmail: 'help@shop.pk', whatsapp: '+92 345 7778899' })
	})
})
