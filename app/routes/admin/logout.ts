import { redirect } from 'react-router'
import { db } from '~/db/client.server'
import { destroySession } from '~/domain/staff/sessions.server'
import { assertSameOrigin, clearSessionCookie, sessionIdFrom } from '~/http/staff-auth.server'
import type { Route } from './+types/logout'

export async function action({ request }: Route.ActionArgs) {
	assertSameOrigin(request)
	await destroySession(db(), sessionIdFrom(request))
	throw redirect('/admin/login', { headers: { 'Set-Cookie': clearSessionCookie(request) } })
}

export async function loader() {
	throw redirect('/admin/login')
}
