import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createProductInput, specificationInput, variantInput } from '~/domain/catalogue/product-input'
import { storeDetailsSchema, transferAccountSchema } from '~/domain/settings/store-details'
import { textSchema } from '~/utils/input'
import { fieldLimits } from './console-form'

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
})
