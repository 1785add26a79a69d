import type { orders } from '../../db/schema'

/** An order as stored: its payment and delivery state move only through order-state.ts (ADR-023). */
export type Order = typeof orders.$inferSelect
