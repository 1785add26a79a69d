// Starts the end-to-end run's shops side by side (one per Playwright worker, tests/e2e/shops.ts),
// each a process of its own as tests/setup/e2e-server.ts describes: Playwright starts its web
// servers one after another, and each spends its start initialising a database. Stops them all
// when it is stopped, and stops when one of them stops.
import { spawn, type ChildProcess } from 'node:child_process'
import { mailboxUrls, shopUrls, telegramUrls, whatsappUrls } from '../e2e/shops'

const shops: ChildProcess[] = shopUrls.map((url, i) =>
	spawn(process.execPath, ['--import', 'tsx', 'tests/setup/e2e-server.ts'], {
		stdio: 'inherit',
		env: { ...process.env, PORT: new URL(url).port, PUBLIC_URL: url, E2E_SHOP: String(i), MAILBOX_PORT: new URL(mailboxUrls[i]!).port, TELEGRAM_PORT: new URL(telegramUrls[i]!).port, WHATSAPP_PORT: new URL(whatsappUrls[i]!).port },
	}),
)

let stopping = false
function stopAll(code: number) {
	if (stopping) return
	stopping = true
	for (const shop of shops) if (shop.exitCode === null) shop.kill('SIGTERM')
	Promise.all(shops.map((shop) => (shop.exitCode === null ? new Promise((resolve) => shop.once('exit', resolve)) : null))).then(() => process.exit(code))
}
for (const shop of shops) shop.once('exit', (code) => stopAll(code ?? 1))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopAll(0))
