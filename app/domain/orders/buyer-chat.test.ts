import { describe, expect, it } from 'vitest'
import { buyerChatLink } from './buyer-chat'

describe('buyerChatLink', () => {
	it('opens WhatsApp to the buyer as 92…, from any way the phone was written, naming the order', () => {
		for (const phone of ['03001234567', '0300 1234567', '+92 300 1234567', '923001234567', '0300-1234567']) {
			const link = new URL(buyerChatLink({ customerPhone: phone, customerName: 'Ali Raza', orderNumber: 'GPU-1795699377914-7' }, 'GameVault PK')!)
			expect(link.origin + link.pathname).toBe('https://wa.me/923001234567')
			expect(link.searchParams.get('text')).toBe('Hi Ali, this is GameVault PK about your order GPU-1795699377914-7.')
		}
	})

	it('gives no link without a Pakistani mobile to open', () => {
		expect(buyerChatLink({ customerPhone: null, customerName: 'Ali', orderNumber: 'X-1-1' }, 'Shop')).toBeNull()
		expect(buyerChatLink({ customerPhone: '042 1234567', customerName: 'Ali', orderNumber: 'X-1-1' }, 'Shop')).toBeNull()
	})
})
