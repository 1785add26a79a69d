import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../utils/env.server'
import type { ConnectionSource } from './connections'
import { setupChecklist } from './setup-checklist'
import { parseStoreDetailsPatch, SAMPLE, sampleTransferAccounts } from './store-details'
import { storeDetailsDefaults } from './store-details.server'

const sampleShop = storeDetailsDefaults(parseEnv({}))
const chosen = { alertsChosen: true, ownAppIcon: true }
const none: Record<'paypro' | 'email' | 'publicUrl', ConnectionSource> = { paypro: 'none', email: 'none', publicUrl: 'none' }
const live: Record<'paypro' | 'email' | 'publicUrl', ConnectionSource> = { paypro: 'console', email: 'environment', publicUrl: 'console' }

describe('the setup checklist', () => {
	it('lists every sample a new shop starts with, each with a link to the console field that fixes it', () => {
		const steps = setupChecklist(sampleShop, none, { alertsChosen: false, ownAppIcon: false })
		expect(steps.map((s) => s.id)).toEqual(['storeName', 'whatsapp', 'supportPhone', 'supportEmail', 'instagram', 'transferAccounts', 'banner', 'promoVideoId', 'palestineVideoId', 'appIcon', 'paypro', 'email', 'publicUrl', 'alerts'])
		// Each sample a buyer can see is named with its value.
		const what = steps.map((s) => s.what).join('\n')
		for (const value of [SAMPLE.storeName, SAMPLE.supportEmail, '0300 1234567', SAMPLE.supportPhone, `@${SAMPLE.instagram}`, SAMPLE.banner]) expect(what).toContain(value)
		expect(steps.find((s) => s.id === 'whatsapp')!.fix).toEqual({ href: '/admin/store#whatsapp', label: 'Set the WhatsApp number' })
		expect(steps.find((s) => s.id === 'transferAccounts')!.what).toContain('4 of the bank and wallet accounts')
		expect(steps.find((s) => s.id === 'publicUrl')!.fix).toEqual({ href: '/admin/connections#public-url', label: 'Set the shop’s address' })
		expect(steps.find((s) => s.id === 'email')!.fix).toEqual({ href: '/admin/connections#email', label: 'Connect Brevo or an SMTP server' })
		expect(steps.find((s) => s.id === 'paypro')!.fix).toEqual({ href: '/admin/connections#paypro', label: 'Connect your PayPro account' })
		expect(steps.find((s) => s.id === 'appIcon')!.fix).toEqual({ href: '/admin/store#app-icon', label: 'Upload the app icon' })
		// Alerts are on from the start: a line says so and where to choose them (Telegram too), not counted as sample data.
		const alerts = steps.find((s) => s.id === 'alerts')!
		expect(alerts).toMatchObject({ info: true, fix: { href: '/admin/alerts' } })
		expect(alerts.what).toContain('Telegram')
		expect(steps.filter((s) => !s.info)).toHaveLength(13)
	})

	it('drops the alerts line once the owner has chosen their alerts, and keeps it alone when all else is done', () => {
		expect(setupChecklist(sampleShop, live, { alertsChosen: true, ownAppIcon: true }).map((s) => s.id)).not.toContain('alerts')
		expect(setupChecklist(sampleShop, live, { alertsChosen: false, ownAppIcon: true }).map((s) => s.id)).toContain('alerts')
	})

	it('names the supplier simulator while a switched-on supplier is the shop’s own, until the owner connects a real one', () => {
		const step = setupChecklist(sampleShop, live, { ...chosen, simulatorSuppliers: ['Simulator (test supplier: nothing real is bought)'] }).find((s) => s.id === 'supplierSimulator')!
		expect(step.what).toContain('“Simulator (test supplier: nothing real is bought)”, the built-in supplier SIMULATOR')
		expect(step.fix).toEqual({ href: '/admin/suppliers', label: 'Connect a real supplier' })
		expect(setupChecklist(sampleShop, live, chosen).map((s) => s.id)).not.toContain('supplierSimulator')
	})

	it('drops the app icon once the owner uploaded one', () => {
		expect(setupChecklist(sampleShop, live, { alertsChosen: true, ownAppIcon: false }).map((s) => s.id)).toContain('appIcon')
		expect(setupChecklist(sampleShop, live, { alertsChosen: true, ownAppIcon: true }).map((s) => s.id)).not.toContain('appIcon')
	})

	it('names the one account still a sample', () => {
		const accounts = [...sampleTransferAccounts('Shop').slice(0, 1), { method: 'JazzCash', holder: 'Shop', account: '0321 7654321', iban: null, raastId: null, ceiling: null }]
		const steps = setupChecklist({ ...sampleShop, transferAccounts: accounts }, live, chosen)
		expect(steps.map((s) => s.what)).toContain('The Meezan Bank account shown for transfers is a sample (Meezan Bank): buyers would send money nowhere.')
	})

	it('is empty once the details are the shop’s own and PayPro, email and the address are connected', () => {
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
			const before = setupChecklist(shop, live, chosen).map((s) => s.id)
			shop = { ...shop, ...parseStoreDetailsPatch({ [key]: value }) }
			expect(before).toContain(key)
			expect(setupChecklist(shop, live, chosen).map((s) => s.id)).toEqual(before.filter((id) => id !== key))
		}
		expect(shop.whatsapp).not.toBe(SAMPLE.whatsapp)
		expect(setupChecklist(shop, live, chosen)).toEqual([])
	})

	it('says which accounts are at their ceiling and which new buyers are shown instead', () => {
		const receiving = [
			{ method: 'Meezan Bank', account: '0101 2345678', atCeiling: true, shown: false },
			{ method: 'JazzCash', account: '0321 7654321', atCeiling: false, shown: true },
		]
		const step = setupChecklist(sampleShop, live, { ...chosen, receiving }).find((s) => s.id === 'accountCeilings')!
		expect(step).toMatchObject({ info: true, what: 'Meezan Bank (0101 2345678) is at its ceiling: new buyers are shown JazzCash (0321 7654321).' })
		const all = receiving.map((a) => ({ ...a, atCeiling: true, shown: true }))
		const full = setupChecklist(sampleShop, live, { ...chosen, receiving: all }).find((s) => s.id === 'accountCeilings')!
		expect(full.info).toBeUndefined()
		expect(full.what).toContain('Every transfer account is at its ceiling')
		expect(setupChecklist(sampleShop, live, chosen).map((s) => s.id)).not.toContain('accountCeilings')
	})
})
