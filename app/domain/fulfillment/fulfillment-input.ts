import { z } from 'zod'
import { DELIVERY_STATES } from '../../db/order-states'

// The console's fulfillment form (the order page and the orders list): one rule for the browser and
// the action. Browser-safe. The API's call 10 reads the same limit (`update-order-fulfillment.server.ts`).

export const DELIVERY_CONTENT_MAX = 20_000
export const CHOOSE_STATUS = 'Please choose a fulfillment status.'
export const CONTENT_TOO_LONG = `Delivery content can be at most ${DELIVERY_CONTENT_MAX.toLocaleString('en-US')} characters.`

export const fulfillmentForm = z.object({
	fulfillment_status: z.enum(DELIVERY_STATES, { error: CHOOSE_STATUS }),
	delivery_content: z.string().max(DELIVERY_CONTENT_MAX, CONTENT_TOO_LONG).default(''),
})
