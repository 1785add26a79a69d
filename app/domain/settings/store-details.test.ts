import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError } from '../../utils/env.server'
import { AppError } from '../../utils/app-error'
import { instagramHandle, MESSAGES, parseStoreDetailsPatch, storeDetailsFromForm, storeDetailsPatchSchema, storeDetailsSchema, supportPhoneText, whatsappDigits, youtubeVideoId } from './store-details'
import { parseTransferAccounts } from './store-details.server'

/** The field errors a change is refused with. */
function refusal(input: unknown) {
	try {
		parseStoreDetailsPatch(input)
	} catch (error) {
		if (error instanceof AppError) return { message: error.message, fields: error.fieldErrors ?? {} }
		throw error
	}
	throw new Error('expected a refusal')
}

describe('store details input', () => {
	it('takes Pakistani numbers as people write them, and keeps wa.me digits and a readable support number', () => {
		for (const typed of ['0300 1234567', '+92 300 1234567', '92-300-1234567', '3001234567']) expect(whatsappDigits(typed)).toBe('923001234567')
		expect(supportPhoneText('0321-7654321')).toBe('+92 321 7654321')
		expect(supportPhoneText('042 35761234')).toBe('+92 4235761234')
		for (const wrong of ['12345', '+971 50 1234567', '0300 12345']) expect(whatsappDigits(wrong)).toBeNull()
	})

	it('takes a YouTube link or id, and an Instagram link or @name', () => {
		for (const typed of ['dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'youtu.be/dQw4w9WgXcQ', 'https://youtube.com/shorts/dQw4w9WgXcQ']) expect(youtubeVideoId(typed)).toBe('dQw4w9WgXcQ')
		for (const wrong of ['https://vimeo.com/123', 'not a video', 'https://www.youtube.com/watch?v=short']) expect(youtubeVideoId(wrong)).toBeNull()
		expect(instagramHandle('https://www.instagram.com/game.vault_pk/')).toBe('game.vault_pk')
		expect(instagramHandle('@gamevault.pk')).toBe('gamevault.pk')
		expect(instagramHandle('two words')).toBeNull()
	})

	it('answers each wrong field in a plain sentence, under the field’s own name', () => {
		expect(refusal({ whatsapp: '12345' })).toEqual({ message: MESSAGES.whatsapp, fields: { whatsapp: MESSAGES.whatsapp } })
		const many = refusal({ supportEmail: 'not an email', metaPixelId: 'px-12', promoVideoId: 'https://vimeo.com/1', testimonials: [{ name: 'Ali', text: '', rating: 6 }], transferAccounts: [] })
		expect(many.fields).toEqual({
			supportEmail: MESSAGES.supportEmail,
			metaPixelId: MESSAGES.metaPixelId,
			promoVideoId: MESSAGES.videoId,
			'testimonials.0.text': MESSAGES.testimonialText,
			'testimonials.0.rating': MESSAGES.testimonialRating,
			transferAccounts: MESSAGES.accounts,
		})
		expect(many.message).toBe(`Please fix 6 settings. The first: ${MESSAGES.supportEmail}`)
		expect(refusal({ whatsap: '0300 1234567' }).message).toBe('There is no setting called “whatsap”.')
		expect(refusal([]).message).toMatch(/^Send the settings as a JSON object/)
		expect(refusal({ banner: 'x'.repeat(91) }).fields).toEqual({ banner: MESSAGES.banner })
	})

	it('keeps what it was given, normalised, and empty optional ids as none', () => {
		expect(parseStoreDetailsPatch({ whatsapp: '0321 7654321', supportEmail: ' Help@Shop.PK ', promoVideoId: '', metaPixelId: '123456789012345', banner: '' })).toEqual({
			whatsapp: '923217654321',
			supportEmail: 'help@shop.pk',
			promoVideoId: null,
			metaPixelId: '123456789012345',
			banner: '',
		})
	})

	it('reads the form’s rows as lists, dropping blank and removed rows, and names errors by the row typed in', () => {
		const { change, formErrors } = storeDetailsFromForm({
			'transferAccounts.rows': '3',
			'transferAccounts.0.method': 'HBL',
			'transferAccounts.0.holder': 'Ali',
			'transferAccounts.0.account': '1234',
			'transferAccounts.0.remove': '1',
			'transferAccounts.1.method': '',
			'transferAccounts.2.method': 'JazzCash',
			'transferAccounts.2.holder': '',
			'transferAccounts.2.account': '0300 1234567',
			'testimonials.rows': '2',
			'testimonials.0.name': '',
			'testimonials.0.text': '',
			'testimonials.0.rating': '5',
			'testimonials.1.name': 'Sana, Multan',
			'testimonials.1.text': 'Quick and kind.',
			'testimonials.1.rating': '4',
			storeName: 'My Shop',
		})
		expect(change).toEqual({
			storeName: 'My Shop',
			transferAccounts: [{ method: 'JazzCash', holder: '', account: '0300 1234567', iban: '', raastId: '', ceiling: null }],
			testimonials: [{ name: 'Sana, Multan', text: 'Quick and kind.', rating: 4 }],
		})
		expect(formErrors(refusal(change).fields)).toEqual({ 'transferAccounts.2.holder': MESSAGES.accountHolder })
	})

	it('describes the API in JSON Schema both ways, for the OpenAPI document', () => {
		expect(z.toJSONSchema(storeDetailsPatchSchema, { io: 'input' })).toMatchObject({ type: 'object', additionalProperties: false })
		expect(z.toJSONSchema(storeDetailsSchema, { io: 'output' })).toMatchObject({ type: 'object', required: expect.arrayContaining(['whatsapp', 'transferAccounts']) })
	})
})

describe('transfer accounts from MANUAL_PAYMENT_ACCOUNTS', () => {
	it('falls back to a bank and three wallets held by the store when unset', () => {
		const accounts = parseTransferAccounts({ STORE_NAME: 'Test Store', MANUAL_PAYMENT_ACCOUNTS: undefined })
		expect(accounts.map((a) => a.method)).toEqual(['Meezan Bank', 'JazzCash', 'EasyPaisa', 'SadaPay'])
		expect(accounts.every((a) => a.holder === 'Test Store' && a.account)).toBe(true)
	})

	it('reads the configured list', () => {
		const raw = JSON.stringify([{ method: 'HBL', holder: ' Ali Khan ', account: '1234' }])
		expect(parseTransferAccounts({ STORE_NAME: 'x', MANUAL_PAYMENT_ACCOUNTS: raw })).toEqual([{ method: 'HBL', holder: 'Ali Khan', account: '1234', iban: null, raastId: null, ceiling: null }])
	})

	it('refuses a list of the wrong shape, naming the variable', () => {
		for (const raw of ['{"method":"HBL"}', '[]', '[{"method":"HBL","holder":"Ali"}]', 'not json']) {
			expect(() => parseTransferAccounts({ STORE_NAME: 'x', MANUAL_PAYMENT_ACCOUNTS: raw })).toThrow(ConfigError)
			expect(() => parseTransferAccounts({ STORE_NAME: 'x', MANUAL_PAYMENT_ACCOUNTS: raw })).toThrow(/MANUAL_PAYMENT_ACCOUNTS/)
		}
	})
})
