import { requireStaff } from '~/utils/staff-auth.server'
import type { Route } from './+types/outbox'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return null
}

export default function Page() {
	return <h1>Coming soon</h1>
}
