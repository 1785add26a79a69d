import type { AdminContract } from '../admin-contract'

/** The content endpoints' contracts (filled in as the endpoints are built). */
export const contentContracts: AdminContract[] = []
