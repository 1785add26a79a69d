import { db } from '~/db/client.server'
import { handlePayproCallback } from '~/domain/payments/handle-paypro-callback.server'
import { callbackCredentials, payproClient } from '~/integrations/paypro/paypro.server'
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
	let input: Record<string, unknown> = {}
	const type = request.headers.get('content-type') ?? ''
	try {
		input = type.includes('application/json') || !type ? ((await request.json()) as Record<string, unknown>) : Object.fromEntries(await request.formData())
	} catch {
		return Response.json([{ StatusCode: '01', InvoiceID: null, Description: 'Invalid Data. Username or password is invalid' }], { status: 400 })
	}
	return answer(input ?? {})
}
