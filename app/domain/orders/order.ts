import type { OrderLine, orders } from '../../db/schema'

/** An order as stored: its payment and delivery state move only through order-state.ts (ADR-023). */
export type OrderRow = typeof orders.$inferSelect
/** An order with its lines (rows of order_lines, ADR-024), as the spec's JSON names them. */
export type Order = OrderRow & { productDetails: OrderLine[] }
