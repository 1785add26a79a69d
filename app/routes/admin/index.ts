import { redirect } from 'react-router'
import { onlyMethods } from '~/http/http.server'
import { currentStaff } from '~/http/staff-auth.server'
import type { Route } from './+types/index'

// /admin is where staff type their way in: the orders when signed in, else the sign-in.
export async function loader({ request }: Route.LoaderArgs) {
	throw redirect((await currentStaff(request)) ? '/admin-dashboard' : '/admin/login')
}

export const action = onlyMethods('GET')
