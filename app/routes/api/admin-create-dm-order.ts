import type { Route } from './+types/admin-create-dm-order'

export async function action(_: Route.ActionArgs) {
	return new Response('Unauthorized', { status: 401 })
}
