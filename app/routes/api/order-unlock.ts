import { langOf, localePath } from '~/i18n/lang'
import { sayIn } from '~/i18n/messages.server'
import { redirect } from 'react-router'
import { z } from 'zod'
import { typedCode } from '~/utils/digits'
import { db } from '~/db/client.server'
import { orderPagePath } from '~/domain/buyers/next-path'
import { BUYER_SIGN_IN_MESSAGES, requestBuyerSignIn } from '~/domain/buyers/sign-in.server'
import { AppError } from '~/utils/app-error'
import { apiFailure, errorResponse, onlyMethods, readJsonOrForm } from '~/http/http.server'
import { retryAfterHeaders } from '~/http/buyer-session.server'
import type { Route } from './+types/order-unlock'

const input = z.object(
	{
		orderNumber: z.string('errors.orderNumberRequired').max(100, 'errors.orderNotFound').transform(typedCode).pipe(z.string().min(1, 'errors.orderNumberRequired')),
		email: z.unknown(),
	},
	{ error: 'errors.unlockFields' },
)

// Product decision 3: typing the order's email unlocks nothing by itself. It sends a one-time link and a
// 6-digit code to the address on the order; the answer is the same whether or not it matches.
// A form posted without scripts comes back to the order page, which then asks for the code.
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
	const fromForm = !(request.headers.get('content-type') ?? '').includes('json')
	// The page the form was sent from says the language: the email, the page it returns to and the answer follow it.
	const referer = request.headers.get('referer')
	const lang = referer && URL.canParse(referer) ? langOf(new URL(referer).pathname) : 'en'
	try {
		const raw = await readJsonOrForm(request, { limit: 4 * 1024 })
		const parsed = input.safeParse(raw)
		if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
		const { orderNumber, email } = parsed.data
		const next = localePath(lang, orderPagePath(orderNumber))
		await requestBuyerSignIn(db(), { email, orderNumber, clientIp: context.clientIp, next, lang })
		if (fromForm) return redirect(`${next}&signIn=sent&email=${encodeURIComponent(String(email).trim())}`, { status: 303 })
		return Response.json({ ok: true, message: sayIn(lang, BUYER_SIGN_IN_MESSAGES.sent) })
	} catch (error) {
		if (error instanceof AppError) return apiFailure(error, { headers: retryAfterHeaders(error), lang })
		return errorResponse(error, 'order.unlock.sendFailed', {}, lang)
	}
}

export const loader = onlyMethods('POST')
