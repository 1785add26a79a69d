import type { Messages } from '../catalogue'

// Urdu for Pakistani buyers: the same keys and {places} as en/catalogue.ts.
export default {
} satisfies Messages<'catalogue'>
