// The end-to-end run starts one shop per Playwright worker, each on a database of its own, so two
// tests never share a server at the same moment (a test may change store settings or stock).
// E2E_WORKERS defaults to 3: a test mostly waits on one of browser, shop or database at a time, so
// two workers kept a 2-core machine only about a third busy (the whole run took about 450 CPU-seconds
// against its 2 × wall time); speed is measured by the bench, so no test depends on how busy the
// machine is. Their shops start side by side (tests/setup/e2e-shops.ts).
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3))
export const shopUrls = Array.from({ length: E2E_WORKERS }, (_, i) => `http://localhost:${FIRST_PORT + i}`)
/** Each shop sends its emails to a fake Brevo of its own (tests/fakes/brevo-server.ts), read through its /mailbox. */
export const mailboxUrls = shopUrls.map((_, i) => `http://127.0.0.1:${FIRST_PORT + 100 + i}`)
/** And its staff alerts to a fake Telegram Bot API of its own (tests/fakes/telegram-server.ts), read through its /sent. */
export const telegramUrls = shopUrls.map((_, i) => `http://127.0.0.1:${FIRST_PORT + 200 + i}`)
/** And its buyers' WhatsApp updates to a fake Cloud API of its own (tests/fakes/whatsapp-server.ts), read through its /sent. */
export const whatsappUrls = shopUrls.map((_, i) => `http://127.0.0.1:${FIRST_PORT + 300 + i}`)
