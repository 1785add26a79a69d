// Picks the end-to-end run's first port (E2E_PORT) when none is given: the first of a few bases at
// which every port the run listens on (each shop, and its fake Brevo, Telegram and WhatsApp, 100
// apart, tests/e2e/shops.ts) is free. A shop left running by an earlier run, or another service on
// the machine, then costs nothing rather than a run that cannot start. Imported by the Playwright
// config before tests/e2e/shops.ts; the workers inherit the chosen E2E_PORT.
import { execFileSync } from 'node:child_process'

const BASES = [3210, 4210, 7210, 8210, 9210, 12210, 22210]
const OFFSETS = [0, 100, 200, 300]

// Run in a child process so the config stays synchronous: it answers the first base whose ports
// all accept a listener.
const probe = `
const net = require('node:net')
const [bases, offsets, workers] = JSON.parse(process.argv[1])
const free = (port) => new Promise((resolve) => {
	const server = net.createServer().once('error', () => resolve(false))
	server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(true)))
})
;(async () => {
	for (const base of bases) {
		const ports = offsets.flatMap((offset) => Array.from({ length: workers }, (_, i) => base + offset + i))
		if ((await Promise.all(ports.map(free))).every(Boolean)) return console.log(base)
	}
	console.log(bases[0])
})()
`

if (!process.env.E2E_PORT) {
	const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3))
	process.env.E2E_PORT = execFileSync(process.execPath, ['-e', probe, JSON.stringify([BASES, OFFSETS, workers])], { encoding: 'utf8' }).trim()
}
