import type { StaffRole } from '../../db/schema'
import { AppError } from '../../utils/app-error'

/**
 * What the owner may let a staff account do beyond what any staff member does: the one list (the
 * database's CHECK on `staff_users.grants`, the settings page's boxes, the API and the domain's
 * checks read it). The owner holds every grant by role. Where an API key may do the same thing, its
 * scope has the same word (api-key-scopes.ts): `catalogue`, `refunds`, `reports`, `suppliers`.
 */
export const STAFF_GRANTS = ['catalogue', 'reveal-stock', 'refunds', 'reports', 'suppliers'] as const

export type Grant = (typeof STAFF_GRANTS)[number]

export const isGrant = (value: string): value is Grant => (STAFF_GRANTS as readonly string[]).includes(value)

/** What each grant lets a staff member do, as the settings page says it ("May …", "… may now …"). */
export const GRANT_TEXT: Record<Grant, string> = {
	catalogue: 'manage the catalogue',
	'reveal-stock': 'reveal stock',
	refunds: 'refund orders',
	reports: 'see reports',
	suppliers: 'manage suppliers',
}

/**
 * What a console action needs: any signed-in staff member, one grant (the owner, and staff the
 * owner granted it), or the owner alone. The same names as the API contracts' `permission`.
 */
export type StaffPermission = 'staff' | Grant | 'owner'

export const STAFF_PERMISSIONS = ['staff', ...STAFF_GRANTS, 'owner'] as const satisfies readonly StaffPermission[]

/** The part of a staff account the rules read. */
export interface GrantHolder {
	role: StaffRole
	grants: readonly string[]
}

/** Every grant the staff member holds: all of them for the owner, else the known ones the owner ticked. */
export const grantsOf = (staff: GrantHolder): Grant[] => STAFF_GRANTS.filter((g) => staff.role === 'owner' || staff.grants.includes(g))

/** Whether the staff member holds `grant`. */
export const may = (staff: GrantHolder, grant: Grant): boolean => grantsOf(staff).includes(grant)

/** Whether this staff member may do what `permission` guards. */
export function staffMay(staff: GrantHolder, permission: StaffPermission): boolean {
	if (permission === 'owner') return staff.role === 'owner'
	if (permission === 'staff') return true
	return may(staff, permission)
}

/** Every permission the staff member holds, for "who am I" answers. */
export const permissionsOf = (staff: GrantHolder): StaffPermission[] => STAFF_PERMISSIONS.filter((p) => staffMay(staff, p))

/** The sentence a refusal carries. */
export const permissionRefusal = (permission: StaffPermission) =>
	permission === 'staff'
		? 'Please sign in to the staff console.'
		: permission === 'owner'
			? 'Only the shop owner may do this.'
			: `Only the shop owner, or staff the owner lets ${GRANT_TEXT[permission]}, may do this.`

/**
 * Who a domain command is done by, as far as what they may do: a staff member (their role and
 * grants: `staffActor`; with nothing said they hold none), an API key (checked by its scope at the
 * API's one gate, `requireAdminActor`, the only place a key is accepted), or neither: the shop
 * itself (a script, a job, a test), which may do everything.
 */
export interface GrantedActor {
	staffId?: number | null
	apiKeyId?: number | null
	role?: StaffRole
	/** A staff member's grants (every one for the owner). */
	grants?: readonly string[]
}

const isStaff = (actor: GrantedActor) => actor.staffId != null

/** Whether the actor may do what `grant` guards. */
export const actorMay = (actor: GrantedActor, grant: Grant): boolean => !isStaff(actor) || actor.role === 'owner' || (actor.grants ?? []).includes(grant)

/**
 * The first line of every domain command a grant guards: a route or API that forgot its own check is
 * still refused (403, the same sentence as the gates').
 */
export function requireGrant(actor: GrantedActor, grant: Grant): void {
	if (!actorMay(actor, grant)) throw new AppError('FORBIDDEN', permissionRefusal(grant))
}

/** The first line of a command only the owner may do (store settings, staff accounts and their grants, blocks, codes, repricing). */
export function requireOwner(actor: GrantedActor): void {
	if (isStaff(actor) && actor.role !== 'owner') throw new AppError('FORBIDDEN', permissionRefusal('owner'))
}
