import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { meContract } from '~/http/admin-contracts/session'
import { may, permissionsOf } from '~/domain/staff/permissions'

// GET /api/admin/me: who is asking (a staff session or an X-ADMIN-KEY) and what they may do.
const route = adminRoute(
	adminEndpoint(meContract, ({ actor, staff, scopes }) => ({
		via: staff ? ('session' as const) : ('api-key' as const),
		actor: actor.label,
		staff: staff && { id: staff.id, email: staff.email, name: staff.name, role: staff.role, canManageCatalogue: may(staff, 'catalogue'), grants: staff.grants, twoFactorEnabled: staff.twoFactorEnabled },
		permissions: staff ? permissionsOf(staff) : [],
		scopes,
	})),
)

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
