import type { StaffRole } from '../../db/schema'

/**
 * What a console action needs: any signed-in staff member, the catalogue (the owner, and staff the
 * owner lets manage it), or the owner alone. The same names as the API contracts' `permission`.
 */
export type StaffPermission = 'staff' | 'catalogue' | 'refunds' | 'reports' | 'owner'

export const STAFF_PERMISSIONS: readonly StaffPermission[] = ['staff', 'catalogue', 'refunds', 'reports', 'owner']

/** The part of a staff account the rules read. */
export interface PermissionHolder {
	role: StaffRole
	canManageCatalogue: boolean
	canRefund?: boolean
	canViewReports?: boolean
}

/** The owner always; a staff account when the owner has ticked "May manage the catalogue". */
export const canManageCatalogue = (staff: PermissionHolder) => staff.role === 'owner' || staff.canManageCatalogue

/** The owner always; a staff account when the owner has ticked "May reveal stock": sees an unsold code or account in full. */
export const canRevealStock = (staff: { role: StaffRole; canRevealStock?: boolean }) => staff.role === 'owner' || staff.canRevealStock === true

/** The owner always; a staff account when the owner has ticked "May refund": gives money back, reinstates a payment after a cancel. */
export const canRefund = (staff: { role: StaffRole; canRefund?: boolean }) => staff.role === 'owner' || staff.canRefund === true

/** The owner always; a staff account when the owner has ticked "May see reports": sales, costs, profit and top customers. */
export const canViewReports = (staff: { role: StaffRole; canViewReports?: boolean }) => staff.role === 'owner' || staff.canViewReports === true

/** Whether this staff member may do what `permission` guards. */
export function staffMay(staff: PermissionHolder, permission: StaffPermission): boolean {
	if (permission === 'owner') return staff.role === 'owner'
	if (permission === 'catalogue') return canManageCatalogue(staff)
	if (permission === 'refunds') return canRefund(staff)
	if (permission === 'reports') return canViewReports(staff)
	return true
}

/** Every permission the staff member holds, for "who am I" answers and the console's menus. */
export const permissionsOf = (staff: PermissionHolder): StaffPermission[] => STAFF_PERMISSIONS.filter((p) => staffMay(staff, p))

/** The sentence a refusal carries. */
export const permissionRefusal = (permission: StaffPermission) =>
	permission === 'owner'
		? 'Only the shop owner may do this.'
		: permission === 'refunds'
			? 'Only the shop owner, or staff the owner lets refund orders, may do this.'
			: permission === 'reports'
				? 'Only the shop owner, or staff the owner lets see reports, may do this.'
			: 'Only the shop owner, or staff the owner lets manage the catalogue, may do this.'
