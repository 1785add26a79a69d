import { idSchema } from '../../utils/input'
import { z } from 'zod'
import { customerFields, durationDays, totalAmount } from './dm-order-fields'

export { AMOUNT_MESSAGE, DURATION_MESSAGE, MAX_DM_AMOUNT, MAX_DM_DURATION_DAYS, parseDmAmount, dmOrderForm, dmOrderFormFields } from './dm-order-fields'

// §3 DM order request and §5 DM order rules, shared by the staff page and the server (the final word).

const dmItem = z.object(
	{
		id: idSchema('Choose a product from the catalogue.'),
		/** The product's option (its variant id): a duration or a value, and the account type. */
		variantId: idSchema('Choose one of the product’s options.').nullish(),
		name: z.string().max(200).nullish(),
		price: z.union([z.string().max(50), z.number()]).nullish(),
		quantity: z.literal(1, { error: 'DM orders have a quantity of 1 per item.' }).optional(),
		image: z.string().max(2000).nullish(),
		code: z.string().trim().max(200, 'The product code can be at most 200 characters.').nullish(),
		originalPrice: z.union([z.string().max(50), z.number()]).nullish(),
	},
	{ error: 'Each item must be an object with the product id.' },
)

export const dmOrderRequest = z.object(
	{
		customer: z
			.object(customerFields, { error: 'customer must be an object with name, email and phone.' })
			.nullish()
			.transform((c) => c ?? { name: null, email: null, phone: null }),
		totalAmount,
		items: z.array(dmItem, { error: 'Choose a product: items must list one product.' }).min(1, 'Choose a product: items must list one product.').max(10, 'At most 10 items per DM order.'),
		status: z.literal('pending', { error: "DM orders are created with status 'pending'." }).optional(),
		durationDays,
	},
	{ error: 'The request body must be a JSON object with customer, totalAmount and items.' },
)
export type DmOrderRequest = z.infer<typeof dmOrderRequest>
