import type { Messages } from '../catalogue'

// Urdu for Pakistani buyers: the same keys and {places} as en/order.ts.
export default {
} satisfies Messages<'order'>
