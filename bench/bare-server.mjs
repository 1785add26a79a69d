// The baseline for the throughput section: a bare node:http server that answers every request
// with one recorded response (same status, headers and body bytes as the shop sent).
// Plain JavaScript so that it starts at once, without the TypeScript loader.
// Usage: node bench/bare-server.mjs <response.json>; prints `listening <port>`.
// response.json: { status, headers: [[name, value], ...] without hop-by-hop ones, bodyFile }
import fs from 'node:fs'
import http from 'node:http'

const file = process.argv[2]
if (!file) throw new Error('usage: bare-server.mjs <response.json>')
const recorded = JSON.parse(fs.readFileSync(file, 'utf8'))
const body = fs.readFileSync(recorded.bodyFile)
const headers = [...recorded.headers, ['Content-Length', String(body.length)]].flat()

const server = http.createServer((_req, res) => {
	res.writeHead(recorded.status, headers)
	res.end(body)
})
server.listen(0, '127.0.0.1', () => {
	process.stdout.write(`listening ${server.address().port}\n`)
})
process.once('SIGTERM', () => {
	server.closeAllConnections()
	server.close(() => process.exit(0))
})
