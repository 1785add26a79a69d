import type { AdminContract } from '../admin-contract'

/** The store endpoints' contracts (filled in as the endpoints are built). */
export const storeContracts: AdminContract[] = []
