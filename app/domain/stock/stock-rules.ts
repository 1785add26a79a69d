// Stock limits the console's forms and the server share (client-safe: no secrets, no database).
export const STOCK_LIMITS = { units: 5000, bytes: 1024 * 1024, code: 200, login: 200, password: 200, notes: 500, slots: 10, threshold: 1000, voidReason: 300 }
