// Starts the end-to-end run's shops side by side (one per Playwright worker, tests/e2e/shops.ts),
// each a process of its own as tests/setup/e2e-server.ts describes: Playwright starts its web
// servers one after another, and each spends its start initialising a database. Stops them all
// when it is stopped, and stops when one of them stops.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { mailboxUrls, shopUrls, telegramUrls, whatsappUrls } from '../e2e/shops'

// A shop logs to its stdout (pino's JSON lines), which Playwright drops: its errors go on to stderr
// as they come, and the last lines of a shop that stops on its own too, so a run that cannot start
// says why.
const RECENT_LINES = 40
let stopping = false
const shops: ChildProcess[] = shopUrls.map((url, i) => {
	const shop = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/e2e-server.ts'], {
		stdio: ['ignore', 'pipe', 'inherit'],
		env: { ...process.env, PORT: new URL(url).port, PUBLIC_URL: url, E2E_SHOP: String(i), MAILBOX_PORT: new URL(mailboxUrls[i]!).port, TELEGRAM_PORT: new URL(telegramUrls[i]!).port, WHATSAPP_PORT: new URL(whatsappUrls[i]!).port },
	})
	const recent: string[] = []
	createInterface({ input: shop.stdout! }).on('line', (line) => {
		recent.push(line)
		if (recent.length > RECENT_LINES) recent.shift()
		if (/"level":(50|60)\b/.test(line)) process.stderr.write(`[shop ${i}] ${line}\n`)
	})
	shop.once('exit', (code) => {
		if (!stopping && code !== 0) process.stderr.write(`[shop ${i}] stopped (exit ${code}) at ${url}; its last lines:\n${recent.map((line) => `[shop ${i}] ${line}`).join('\n')}\n`)
	})
	return shop
})

function stopAll(code: number) {
	if (stopping) return
	stopping = true
	for (const shop of shops) if (shop.exitCode === null) shop.kill('SIGTERM')
	Promise.all(shops.map((shop) => (shop.exitCode === null ? new Promise((resolve) => shop.once('exit', resolve)) : null))).then(() => process.exit(code))
}
for (const shop of shops) shop.once('exit', (code) => stopAll(code ?? 1))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopAll(0))
