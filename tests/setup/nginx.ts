// nginx from Debian in front of local upstreams, configured from deploy/nginx.conf: the server block as
// deployed, with this machine's upstreams and port, inside the main and http blocks Debian's
// /etc/nginx/nginx.conf would give it, every path under a folder of its own, run in the foreground.
// The bench's fleet (bench/fleet.ts) and the edge's own tests (tests/integration/edge.test.ts) use it.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx'
const DEPLOYED_NGINX_CONF = path.join(import.meta.dirname, '../../deploy/nginx.conf')

/** The nginx config for `upstreams` on `port`; `httpLines` go at the top of the http block (a log format, an access log). */
export function nginxConfig(dir: string, port: number, upstreams: number[], httpLines: string[] = ['access_log off;']): string {
	const deployed = fs.readFileSync(DEPLOYED_NGINX_CONF, 'utf8')
	const servers = upstreams.map((p) => `\tserver 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n')
	let server = deployed.replace(/^\tserver shop-\d+:\d+[^\n]*\n/gm, '')
	server = server.replace(/upstream shop \{\n/, `upstream shop {\n${servers}\n`)
	server = server.replace(/listen 80;/, `listen 127.0.0.1:${port};`)
	// On port 80 $host is the whole address; on this port the shop must see it with the port ($http_host),
	// or React Router refuses every form post as coming from another origin.
	server = server.replaceAll('$host', '$http_host')
	if (!server.includes(`127.0.0.1:${upstreams[0]}`) || !server.includes(`listen 127.0.0.1:${port}`)) {
		throw new Error('deploy/nginx.conf no longer has the upstream and listen lines replaced here (upstream shop { server shop-N:3000 …; } and listen 80;)')
	}
	const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`
	return [
		`# Written from deploy/nginx.conf.`,
		`worker_processes auto;`,
		`worker_rlimit_nofile 32768;`,
		`pid ${path.join(dir, 'nginx.pid')};`,
		`error_log ${path.join(dir, 'error.log')} warn;`,
		`events { worker_connections 16384; }`,
		`http {`,
		...httpLines.map((line) => `\t${line}`),
		...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((n) => `\t${temp(n)}`),
		...server.split('\n').map((line) => (line ? `\t${line}` : line)),
		`}`,
		'',
	].join('\n')
}

export interface RunningNginx {
	child: ChildProcess
	/** What nginx printed last (for an error message). */
	output(): string
	/** SIGTERM (SIGKILL after 15 s); resolves once it has exited. */
	stop(): Promise<void>
}

/** Checks the config (nginx -t), starts nginx and waits until it answers on `port` (its /metrics is a 404 at the edge). */
export async function startNginx(dir: string, port: number, upstreams: number[], httpLines?: string[]): Promise<RunningNginx> {
	if (!fs.existsSync(NGINX)) throw new Error(`nginx is not at ${NGINX}: apt-get install nginx-light, or set BENCH_NGINX`)
	// Its workers run as nobody when started as root: they must reach their temporary folders.
	fs.chmodSync(dir, 0o755)
	const conf = path.join(dir, 'nginx.conf')
	fs.writeFileSync(conf, nginxConfig(dir, port, upstreams, httpLines))
	const args = ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')]
	const printed: string[] = []
	const keep = (child: ChildProcess) => {
		const onData = (chunk: Buffer) => {
			printed.push(...chunk.toString().split('\n').filter(Boolean))
			if (printed.length > 40) printed.splice(0, printed.length - 40)
		}
		child.stdout?.on('data', onData)
		child.stderr?.on('data', onData)
	}
	const output = () => printed.join('\n')
	const check = spawn(NGINX, [...args, '-t', '-q'], { stdio: ['ignore', 'pipe', 'pipe'] })
	keep(check)
	const code = await new Promise<number | null>((resolve) => check.once('exit', resolve))
	if (code !== 0) throw new Error(`nginx refused the config:\n${output()}`)
	const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] })
	keep(child)
	const stop = () =>
		new Promise<void>((resolve) => {
			if (child.exitCode !== null || child.signalCode !== null) return resolve()
			child.once('exit', () => resolve())
			child.kill('SIGTERM')
			setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
		})
	const deadline = Date.now() + 10_000
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${output()}`)
		const up = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(1_000) }).then(
			(r) => r.status === 404,
			() => false,
		)
		if (up) return { child, output, stop }
		await new Promise((r) => setTimeout(r, 100))
	}
	await stop()
	throw new Error(`nginx did not answer on port ${port} within 10 s:\n${output()}`)
}
