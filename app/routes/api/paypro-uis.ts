import { db } from '~/db/client.server'
import { handlePayproCallback } from '~/domain/payments/handle-paypro-callback.server'
import { callbackCredentials, payproClient } from '~/integrations/paypro/paypro.server'
import { readJsonOrForm } from '~/http/http.server'
import { AppError } from '~/utils/app-error'
import type { Route } from './+types/paypro-uis'

// PayPro's payment callback (UIS): POST JSON, or the older GET query form. Only a trigger.
async function answer(input: Record<string, unknown>) {
	const replies = await handlePayproCallback(db(), payproClient(), input, callbackCredentials())
	return Response.json(replies)
}

export async function loader({ request }: Route.LoaderArgs) {
	return answer(Object.fromEntries(new URL(request.url).searchParams))
}

export async function action({ request }: Route.ActionArgs) {
	let input: unknown
	try {
		input = await readJsonOrForm(request, { untypedIsJson: true })
	} catch (error) {
		const status = error instanceof AppError ? error.status : 400
		const reason = error instanceof AppError ? error.message : 'The callback could not be read.'
		return Response.json([{ StatusCode: '01', InvoiceID: null, Description: `Invalid Data. ${reason}` }], { status })
	}
	return answer(input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {})
}
