// English: the spec's words exactly. Keys are shared with ur/checkout.ts (the build checks both name the same keys and places).
export default {
} as const
