import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createProductInput, specificationInput, variantInput } from '~/domain/catalogue/product-input'
import { storeDetailsSchema, transferAccountSchema } from '~/domain/settings/store-details'
import { textSchema } from '~/utils/input'
import { fieldLimits } from './console-form'
import { dmOrderFormFields, DURATION_MESSAGE, MAX_DM_DURATION_DAYS } from '~/domain/orders/dm-order-fields'
import { secondFactorInput } from '~/domain/staff/sign-in-input'
import { libraryListQuery } from '~/domain/library/library-input'
import { staffReviewQuery } from '~/domain/reviews/staff-review-query'
import { fulfillmentForm, CONTENT_TOO_LONG } from '~/domain/fulfillment/fulfillment-input'
import { storeDetailsFormErrors, MESSAGES } from '~/domain/settings/store-details'
import { productFormErrors } from '~/domain/catalogue/product-form'

describe('fieldLimits: what a hand-drawn console form takes, read from the schema the server parses it with', () => {
	it('reads lengths through defaults, optionals and pipes, and calls a field required when it refuses an empty value', () => {
		const schema = z.object({
			title: textSchema().pipe(z.string().min(2).max(30)),
			note: textSchema().pipe(z.string().max(90)).optional(),
			count: z.string().max(5).default(''),
		})
		expect(fieldLimits(schema)).toMatchObject({
			title: { required: true, minLength: 2, maxLength: 30 },
			note: { required: false, maxLength: 90 },
			count: { required: false, maxLength: 5 },
		})
	})

	it('gives the product editor and the store details form the lengths their schemas refuse past', () => {
		const tooLong = (schema: z.ZodType, at: number) => schema.safeParse('x'.repeat(at + 1)).success === false && schema.safeParse('x'.repeat(at)).success
		const product = fieldLimits(createProductInput)
		for (const name of ['name', 'caption', 'description'] as const) expect(tooLong(createProductInput.shape[name], product[name]!.maxLength!)).toBe(true)
		expect(tooLong(variantInput.shape.label, fieldLimits(variantInput).label!.maxLength!)).toBe(true)
		expect(tooLong(specificationInput.shape.value, fieldLimits(specificationInput).value!.maxLength!)).toBe(true)
		expect(tooLong(storeDetailsSchema.shape.storeName, fieldLimits(storeDetailsSchema).storeName!.maxLength!)).toBe(true)
		expect(tooLong(transferAccountSchema.shape.holder, fieldLimits(transferAccountSchema).holder!.maxLength!)).toBe(true)
	})

	it('gives the small boxes their limits from their schemas: the DM duration’s bounds, the code box, the search boxes, the delivery content', () => {
		expect(fieldLimits(dmOrderFormFields).durationDays).toMatchObject({ required: false, min: 0, max: MAX_DM_DURATION_DAYS })
		for (const [days, ok] of [['', true], ['0', true], [String(MAX_DM_DURATION_DAYS), true], [String(MAX_DM_DURATION_DAYS + 1), false], ['-1', false], ['1.5', false], ['soon', false]] as const) {
			const parsed = dmOrderFormFields.shape.durationDays.safeParse(days)
			expect(parsed.success).toBe(ok)
			if (!parsed.success) expect(parsed.error.issues[0]!.message).toBe(DURATION_MESSAGE)
		}
		expect(fieldLimits(secondFactorInput).code).toMatchObject({ required: true, maxLength: 40 })
		expect(fieldLimits(libraryListQuery).q).toMatchObject({ required: false, maxLength: 100 })
		expect(fieldLimits(staffReviewQuery).q).toMatchObject({ required: false, maxLength: 100 })
		expect(fieldLimits(fulfillmentForm)).toMatchObject({ fulfillment_status: { required: true }, delivery_content: { required: false, maxLength: 20_000 } })
		expect(fulfillmentForm.safeParse({ fulfillment_status: 'completed', delivery_content: 'x'.repeat(20_001) }).error?.issues[0]?.message).toBe(CONTENT_TOO_LONG)
	})
})

describe('the hand-drawn forms are checked in the browser with what their actions refuse', () => {
	it('store details: the problems by the form’s own names, a list row by the row typed in', () => {
		expect(storeDetailsFormErrors({ supportEmail: 'support-at-shop' })).toEqual({ supportEmail: MESSAGES.supportEmail })
		expect(storeDetailsFormErrors({ supportEmail: 'support@gamevault.pk' })).toEqual({})
		const rows = { 'transferAccounts.rows': '3', 'transferAccounts.1.method': 'Meezan Bank', 'transferAccounts.1.holder': '', 'transferAccounts.1.account': '0123' }
		expect(Object.keys(storeDetailsFormErrors(rows))).toEqual(['transferAccounts.1.holder'])
	})

	it('product editor: a name of spaces is refused by the name, as the action refuses it', () => {
		expect(productFormErrors({ name: '   ' }).name).toBe('Please give the product a name.')
	})
})
