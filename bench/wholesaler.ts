// A wholesaler speaking Kinguin's protocol in a process of its own, for the suppliers section: its
// answers wait BENCH_SUPPLIER_LATENCY_MS whatever the shop's process is doing. Prints its port; GET
// /bench/orders-per-key answers how many orders it took per idempotency key.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { kinguinProtocol } from '../app/integrations/kinguin/simulator.server.ts'
import { PSN10 } from '../tests/setup/suppliers.ts'

const wholesaler = kinguinProtocol({ apiKey: 'bench-kinguin-key', products: [{ ...PSN10, qty: 1_000_000 }] })
wholesaler.knobs.latencyMs = Math.max(0, Number(process.env.BENCH_SUPPLIER_LATENCY_MS ?? 300) || 0)
const server = http.createServer((req, res) => {
	if (req.url === '/bench/orders-per-key') {
		res.writeHead(200, { 'Content-Type': 'application/json' })
		res.end(JSON.stringify(Object.fromEntries(wholesaler.purchasesPerKey())))
		return
	}
	wholesaler.handle(req, res)
})
server.listen(0, '127.0.0.1', () => console.log(`port ${(server.address() as AddressInfo).port}`))
