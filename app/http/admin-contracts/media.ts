import type { AdminContract } from '../admin-contract'

/** The media endpoints' contracts (filled in as the endpoints are built). */
export const mediaContracts: AdminContract[] = []
