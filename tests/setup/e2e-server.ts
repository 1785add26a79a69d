// Starts the built shop on a fresh database for the end-to-end tests:
// a new PostgreSQL database when TEST_DATABASE_URL is set, else a new PGlite folder; E2E_SHOP
// numbers the shops of one run (one per Playwright worker).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startFakeBrevo } from '../fakes/brevo-server'
import { startFakeTelegram } from '../fakes/telegram-server'
import { startFakeWhatsApp } from '../fakes/whatsapp-server'
import { freshPostgresDatabase } from './postgres'
import { SERVER_BUNDLE } from '../../scripts/server-bundle'

if (process.env.TEST_DATABASE_URL) {
	process.env.DATABASE_URL = await freshPostgresDatabase(process.env.TEST_DATABASE_URL, `shop_e2e_${process.env.E2E_SHOP ?? 0}`)
} else {
	process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'))
}
// Emails go out through Brevo's API to a fake Brevo on a port of its own (MAILBOX_PORT), where
// the tests read them as the buyer would: sign-in codes are never readable in the console.
if (process.env.MAILBOX_PORT) {
	const brevo = await startFakeBrevo('xkeysib-e2e', Number(process.env.MAILBOX_PORT))
	Object.assign(process.env, { EMAIL_PROVIDER: 'brevo', BREVO_API_KEY: brevo.apiKey, BREVO_BASE_URL: brevo.url })
}
// Staff alerts go to Telegram's Bot API, here a fake on a port of its own (TELEGRAM_PORT) with the
// token tests/e2e/staff-alerts.spec.ts connects; the tests read what each chat received from it.
if (process.env.TELEGRAM_PORT) {
	const telegram = await startFakeTelegram(undefined, { port: Number(process.env.TELEGRAM_PORT) })
	process.env.TELEGRAM_API_URL = telegram.url
}
// Buyers' order updates go to WhatsApp's Cloud API, here a fake on a port of its own (WHATSAPP_PORT)
// accepting the token tests/e2e/whatsapp-updates.spec.ts connects; the tests read what was sent from it.
if (process.env.WHATSAPP_PORT) {
	const whatsapp = await startFakeWhatsApp({ port: Number(process.env.WHATSAPP_PORT) })
	process.env.WHATSAPP_API_URL = whatsapp.url
}
// The server as `npm start` runs it: its bundle (scripts/build-server.ts).
await import(new URL(`../../${SERVER_BUNDLE}`, import.meta.url).href)
