import type { AdminContract } from '../admin-contract'

/** The products endpoints' contracts (filled in as the endpoints are built). */
export const productsContracts: AdminContract[] = []
