/** What a block names: a buyer's email, phone number or network address (the blocklist's `kind`). */
export const BLOCK_KINDS = ['email', 'phone', 'address'] as const
export type BlockKind = (typeof BLOCK_KINDS)[number]
