import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../utils/env.server'
import { setupChecklist } from './setup-checklist'
import { parseStoreDetailsPatch, SAMPLE, sampleTransferAccounts } from './store-details'
import { storeDetailsDefaults } from './store-details.server'

const sampleShop = storeDetailsDefaults(parseEnv({}))
const live = parseEnv({
	PUBLIC_URL: 'https://shop.example',
	EMAIL_PROVIDER: 'smtp',
	SMTP_URL: 'smtp://mail.example',
	PAYPRO_CLIENT_ID: 'id',
	PAYPRO_CLIENT_SECRET: 'secret',
	PAYPRO_MERCHANT_ID: 'merchant',
	PAYPRO_CALLBACK_USERNAME: 'u',
	PAYPRO_CALLBACK_PASSWORD: 'p',
})

describe('the setup checklist', () => {
	it('lists every sample a new shop starts with, each with a link to its field or the variables to set', () => {
		const steps = setupChecklist(sampleShop, parseEnv({}), { ownAppIcon: false })
		expect(steps.map((s) => s.id)).toEqual(['storeName', 'whatsapp', 'supportPhone', 'supportEmail', 'instagram', 'transferAccounts', 'banner', 'promoVideoId', 'palestineVideoId', 'appIcon', 'paypro', 'email', 'publicUrl'])
		// Each sample a buyer can see is named with its value.
		const what = steps.map((s) => s.what).join('\n')
		for (const value of [SAMPLE.storeName, SAMPLE.supportEmail, '0300 1234567', SAMPLE.supportPhone, `@${SAMPLE.instagram}`, SAMPLE.banner]) expect(what).toContain(value)
		expect(steps.find((s) => s.id === 'whatsapp')!.fix).toEqual({ href: '/admin/store#whatsapp', label: 'Set the WhatsApp number' })
		expect(steps.find((s) => s.id === 'transferAccounts')!.what).toContain('4 of the bank and wallet accounts')
		expect(steps.find((s) => s.id === 'publicUrl')!.fix).toMatchObject({ env: ['PUBLIC_URL'] })
		expect(steps.find((s) => s.id === 'email')!.fix).toMatchObject({ env: ['EMAIL_PROVIDER'] })
		expect(steps.find((s) => s.id === 'appIcon')!.fix).toEqual({ href: '/admin/store#app-icon', label: 'Upload the app icon' })
	})

	it('drops the app icon once the owner uploaded one', () => {
		expect(setupChecklist(sampleShop, live, { ownAppIcon: false }).map((s) => s.id)).toContain('appIcon')
		expect(setupChecklist(sampleShop, live, { ownAppIcon: true }).map((s) => s.id)).not.toContain('appIcon')
	})

	it('names the one account still a sample', () => {
		const accounts = [...sampleTransferAccounts('Shop').slice(0, 1), { method: 'JazzCash', holder: 'Shop', account: '0321 7654321' }]
		const steps = setupChecklist({ ...sampleShop, transferAccounts: accounts }, live, { ownAppIcon: true })
		expect(steps.map((s) => s.what)).toContain('The Meezan Bank account shown for transfers is a sample (Meezan Bank): buyers would send money nowhere.')
	})

	it('is empty once the details are the shop’s own and the environment is set', () => {
		const replaced = {
			storeName: 'Karachi Game Hub',
			whatsapp: '0321 7654321',
			supportPhone: '0321 7654321',
			supportEmail: 'help@karachigamehub.pk',
			instagram: '@karachigamehub',
			banner: '',
			promoVideoId: 'dQw4w9WgXcQ',
			palestineVideoId: 'https://youtu.be/dQw4w9WgXcQ',
			transferAccounts: [{ method: 'HBL', holder: 'Shop', account: 'PK36 HABB 0000 1234 5678 9012' }],
		}
		// Each replaced value drops its own step, and only that one.
		let shop = sampleShop
		for (const [key, value] of Object.entries(replaced)) {
			const before = setupChecklist(shop, live, { ownAppIcon: true }).map((s) => s.id)
			shop = { ...shop, ...parseStoreDetailsPatch({ [key]: value }) }
			expect(before).toContain(key)
			expect(setupChecklist(shop, live, { ownAppIcon: true }).map((s) => s.id)).toEqual(before.filter((id) => id !== key))
		}
		expect(shop.whatsapp).not.toBe(SAMPLE.whatsapp)
		expect(setupChecklist(shop, live, { ownAppIcon: true })).toEqual([])
	})
})
